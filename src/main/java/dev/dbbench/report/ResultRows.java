package dev.dbbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.evaluate.ExpectationResult;
import dev.dbbench.evaluate.GatedMetric;
import dev.dbbench.evaluate.Unmeasured;
import dev.dbbench.metric.Metric;
import dev.dbbench.metric.MetricResult;
import dev.dbbench.metric.MetricResults;
import dev.dbbench.metric.Metrics;

/**
 * The cells and lines the text formats share, so the log line, console table and Markdown table say
 * the same thing. The columns are the benchmark, its engine, each metric's own columns (wall time's
 * always, others' where some result has them) and the verdict.
 */
public final class ResultRows {

    private ResultRows() {
    }

    /** The metrics whose columns a table of these results shows, in {@link Metrics#ALL} order. */
    static List<Metric<?, ?>> columnMetrics(List<BenchmarkResult> results) {
        final List<Metric<?, ?>> metrics = new ArrayList<>();
        for (Metric<?, ?> metric : Metrics.ALL) {
            if (!metric.columns().isEmpty() && (metric == Metrics.TIME
                    || results.stream().anyMatch(result -> result.results().get(metric).isPresent()))) {
                metrics.add(metric);
            }
        }
        return metrics;
    }

    static List<String> header(List<Metric<?, ?>> metrics) {
        final List<String> header = new ArrayList<>(List.of("benchmark", "engine"));
        metrics.forEach(metric -> header.addAll(metric.columns()));
        header.add("verdict");
        return header;
    }

    /** The columns holding figures, which the tables right-align: all but the first two and the last. */
    static boolean numeric(int column, int columns) {
        return column >= 2 && column < columns - 1;
    }

    static List<String> row(BenchmarkResult result, List<Metric<?, ?>> metrics) {
        final MetricResults all = result.results();
        final List<String> row = new ArrayList<>(List.of(result.id().name(), result.id().target()));
        for (Metric<?, ?> metric : metrics) {
            final Optional<? extends MetricResult<?, ?>> measured = all.get(metric);
            row.addAll(measured.<List<String>>map(own -> own.cells(all))
                    .orElseGet(() -> metric.columns().stream().map(column -> "-").toList()));
        }
        row.add(verdict(result));
        return row;
    }

    /** One line per result, printed as each benchmark finishes. */
    public static String line(BenchmarkResult result) {
        final MetricResults all = result.results();
        final StringBuilder line = new StringBuilder("dbbench: ").append(result.id().qualifiedName()).append(' ')
                .append(result.time().summary(all).orElseThrow()).append(": ").append(verdict(result))
                .append(" - ").append(result.time().assessment().reason());
        for (MetricResult<?, ?> other : all.all()) {
            if (other.metric() != Metrics.TIME) {
                other.summary(all).ifPresent(summary -> line.append("; ").append(summary));
            }
        }
        return line.toString();
    }

    /** The expectation lines of a run, under a heading; empty when no benchmark has one. */
    static List<String> expectationLines(List<BenchmarkResult> results) {
        final List<String> lines = new ArrayList<>();
        for (BenchmarkResult result : results) {
            for (ExpectationResult expectation : result.expectations()) {
                lines.add(result.id().simpleClassName() + "." + line(expectation).substring("dbbench: ".length()));
            }
        }
        if (!lines.isEmpty()) {
            lines.add(0, "expectations (@ExpectFasterThan, measured side by side):");
        }
        return lines;
    }

    /** One line per relative expectation, printed after its benchmark's line. */
    public static String line(ExpectationResult expectation) {
        return "dbbench: " + expectation.benchmark() + " vs " + expectation.other() + ": "
                + expectation.judgement().verdict() + marker(expectation.fails(), expectation.warns()) + " - "
                + expectation.judgement().reason();
    }

    private static String marker(boolean fails, boolean warns) {
        return fails ? " (failed)" : warns ? " (warning)" : "";
    }

    /**
     * The wall-time verdict with what it did (failed, warning, recorded), any other metric that
     * failed or warned, and the note.
     */
    static String verdict(BenchmarkResult result) {
        final StringBuilder text = new StringBuilder(result.verdict().name());
        if (result.timeDecision().fails()) {
            text.append(" (failed)");
        } else if (result.timeDecision().warns()) {
            text.append(" (warning)");
        } else if (result.recording().written()) {
            text.append(" (recorded)");
        }
        for (GatedMetric gated : result.metrics()) {
            if (gated.result().metric() != Metrics.TIME && (gated.decision().fails() || gated.decision().warns())) {
                text.append("; ").append(gated.result().metric().id()).append(' ')
                        .append(gated.result().assessment().verdict())
                        .append(marker(gated.decision().fails(), gated.decision().warns()));
            }
        }
        for (Unmeasured missing : result.unmeasured()) {
            text.append("; ").append(missing.metric()).append(" not measured")
                    .append(marker(missing.decision().fails(), missing.decision().warns()));
        }
        if (!result.note().isEmpty()) {
            text.append("; ").append(result.note());
        }
        return text.toString();
    }
}
