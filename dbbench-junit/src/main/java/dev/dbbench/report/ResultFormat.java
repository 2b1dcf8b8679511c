package dev.dbbench.report;

import java.time.Instant;
import java.util.List;

import dev.dbbench.evaluate.BenchmarkResult;

/** One way of rendering a run's results, written to a file of the run's report directory. */
public interface ResultFormat {

    /** Every format a run writes, each once; a new format is registered here. */
    List<ResultFormat> ALL = List.of(new ConsoleTable(), new MarkdownTable(), new JsonResults(), new HtmlReport(),
            new JmhResults(), new BencherResults());

    /** The file name without extension, such as {@code results}. */
    String name();

    /** The file extension, such as {@code json}. */
    String extension();

    /** The rendered report, its results in the order given. */
    String render(Report report);

    /** The rendered results of a run that just finished, in the order given, without history. */
    default String render(List<BenchmarkResult> results) {
        return render(Report.of(results, Instant.now()));
    }
}
