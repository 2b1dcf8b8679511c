package dev.dbbench.report;

import java.util.List;

/** One way of rendering a run's results (console table, Markdown, JSON). */
public interface ResultFormat {

    /** The rendered results of a run, in the order given. */
    String render(List<BenchmarkResult> results);
}
