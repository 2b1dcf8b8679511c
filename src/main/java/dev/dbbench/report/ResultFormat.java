package dev.dbbench.report;

import java.util.List;

import dev.dbbench.evaluate.BenchmarkResult;

/** One way of rendering a run's results, written to a file of the run's report directory. */
public interface ResultFormat {

    /** Every format a run writes, each once; a new format is registered here. */
    List<ResultFormat> ALL = List.of(new ConsoleTable(), new MarkdownTable(), new JsonResults());

    /** The file name without extension, such as {@code results}. */
    String name();

    /** The file extension, such as {@code json}. */
    String extension();

    /** The rendered results of a run, in the order given. */
    String render(List<BenchmarkResult> results);
}
