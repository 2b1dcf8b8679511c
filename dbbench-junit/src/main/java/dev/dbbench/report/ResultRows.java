package dev.dbbench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.dbbench.metric.Metric;
import dev.dbbench.metric.Metrics;
import dev.dbbench.text.Figures;

/**
 * The cells and lines the text formats share, so the log line, console table and Markdown table say
 * the same thing. The columns are the benchmark, its engine, each metric's own columns (the
 * headline's always, others' where some result has them) and the verdict.
 */
public final class ResultRows {

    private ResultRows() {
    }

    /**
     * The columns a table of these results shows, per metric id: the metrics of this dbbench in
     * {@link Metrics#ALL} order, then any other a result carries (written by another version).
     */
    static Map<String, List<String>> columns(List<ReportedResult> results) {
        final Map<String, List<String>> columns = new LinkedHashMap<>();
        for (Metric<?, ?> metric : Metrics.ALL) {
            if (!metric.columns().isEmpty() && (metric == Metrics.TIME
                    || results.stream().anyMatch(result -> result.metric(metric.id()).isPresent()))) {
                columns.put(metric.id(), metric.columns());
            }
        }
        for (ReportedResult result : results) {
            result.metrics().stream().filter(metric -> !metric.columns().isEmpty())
                    .forEach(metric -> columns.putIfAbsent(metric.id(), metric.columns()));
        }
        return columns;
    }

    static List<String> header(Map<String, List<String>> columns) {
        final List<String> header = new ArrayList<>(List.of("benchmark", "engine"));
        columns.values().forEach(header::addAll);
        header.add("verdict");
        return header;
    }

    /** The columns holding figures, which the tables right-align: all but the first two and the last. */
    static boolean numeric(int column, int columns) {
        return column >= 2 && column < columns - 1;
    }

    static List<String> row(ReportedResult result, Map<String, List<String>> columns) {
        final List<String> row = new ArrayList<>(List.of(result.nameAtPoint(), result.target()));
        columns.forEach((id, names) -> row.addAll(result.metric(id)
                .filter(metric -> metric.cells().size() == names.size())
                .map(ReportedMetric::cells)
                .orElseGet(() -> names.stream().map(column -> "-").toList())));
        row.add(verdict(result));
        return row;
    }

    /**
     * One line per result, printed as each benchmark finishes: its figures, verdict and reason, what its
     * work counts say, and for a timing that warned or informed, why it did not fail here and the A/B
     * comparison that settles it.
     */
    static String line(ReportedResult result) {
        final ReportedMetric headline = result.headline();
        final StringBuilder line = new StringBuilder("dbbench: ").append(result.qualifiedName()).append(' ')
                .append(figure(headline)).append(": ").append(headline.verdict());
        if (headline.failed() || headline.warned() || headline.informed()) {
            line.append(marker(headline));
        } else if (result.baselineWritten()) {
            line.append(" (recorded)");
        }
        for (ReportedMetric other : result.metrics().subList(1, result.metrics().size())) {
            if (other.failed()) {
                line.append("; ").append(other.id()).append(' ').append(other.verdict());
            } else if (other.warned() && !other.gating().equals("TIMING")) {
                line.append("; ").append(other.id()).append(" warning: ").append(firstClause(other));
            }
        }
        result.timing().filter(timing -> !headline.verdict().equals("NEW"))
                .ifPresent(timing -> line.append(", counts ").append(counts(timing)));
        return line.toString();
    }

    /**
     * The headline figure and how it compares: {@code 56.8 µs, 0.90x} (the first column of the
     * headline metric, and its ratio to the baseline where it has one).
     */
    private static String figure(ReportedMetric headline) {
        if (headline.cells().isEmpty()) {
            return "";
        }
        final int ratio = headline.columns().indexOf("ratio");
        final String compared = ratio < 0 || headline.cells().get(ratio).equals("-") ? ""
                : " " + headline.cells().get(ratio);
        return headline.cells().get(0) + compared;
    }

    /** What the work counts say, in a word or a few: {@code unchanged}, {@code moved: statements, bytes}. */
    private static String counts(ReportedResult.Timing timing) {
        return switch (timing.countsState()) {
            case "UNCHANGED" -> "unchanged";
            case "MOVED" -> "moved: " + String.join(", ", timing.moved().stream()
                    .map(moved -> moved.contains(" (") ? moved.substring(0, moved.indexOf(" (")) : moved).toList());
            default -> "not compared";
        };
    }

    /** A warning's gist: its first finding, up to the explanation after its colon. */
    private static String firstClause(ReportedMetric metric) {
        final String detail = metric.findings().isEmpty() ? metric.reason() : metric.findings().get(0).detail();
        final int colon = detail.indexOf(": ");
        return colon < 0 ? detail : detail.substring(0, colon);
    }

    /**
     * The one line a run prints under its table for the benchmarks whose time moved or could not be
     * told while their work counts held, naming the same-runner A/B that settles them all; empty when
     * none did.
     */
    static Optional<String> settleLine(List<ReportedResult> results) {
        final List<ReportedResult> unsettled = results.stream().filter(result -> !result.failed()
                && result.metrics().stream().anyMatch(metric -> metric.gating().equals("TIMING") && !metric.failed()
                        && (metric.warned() || metric.informed()))).toList();
        if (unsettled.isEmpty()) {
            return Optional.empty();
        }
        final String command = unsettled.get(0).timing().map(ReportedResult.Timing::compareCommand).orElse("");
        final int names = command.indexOf(" -Ddbbench.compare.benchmarks=");
        final String all = unsettled.stream().map(result -> result.simpleClassName() + "#" + result.method())
                .distinct().collect(Collectors.joining(","));
        return Optional.of("timing moved, or could not be told, for " + unsettled.size() + " benchmark(s) whose work"
                + " counts did not explain it; to settle it on one runner: "
                + (names < 0 ? command : command.substring(0, names) + " -Ddbbench.compare.benchmarks='" + all + "'")
                + " (docs/time-verdicts.md)");
    }

    /** The expectation lines of a run, under a heading; empty when no benchmark has one. */
    static List<String> expectationLines(List<ReportedResult> results) {
        final List<String> lines = new ArrayList<>();
        for (ReportedResult result : results) {
            for (ReportedExpectation expectation : result.expectations()) {
                lines.add(result.simpleClassName() + "." + expectationLine(expectation));
            }
        }
        if (!lines.isEmpty()) {
            lines.add(0, "expectations (@ExpectFasterThan, measured side by side):");
        }
        final List<String> growth = new ArrayList<>();
        results.forEach(result -> result.scaling().ifPresent(scaling -> growth.add(result.simpleClassName() + "."
                + scalingLine(scaling))));
        if (!growth.isEmpty()) {
            lines.add("growth (@ExpectScaling, judged on exact counts):");
            lines.addAll(growth);
        }
        return lines;
    }

    /**
     * The failed results of a run, the one that moved farthest first, each with how far it moved and what
     * failed, under a heading; empty when nothing failed. Results whose failure has no figure to move
     * (a changed plan) come last, by name.
     */
    static List<String> failureLines(List<ReportedResult> results) {
        final List<ReportedResult> failed = new ArrayList<>(results.stream().filter(ReportedResult::failed).toList());
        if (failed.isEmpty()) {
            return List.of();
        }
        failed.sort(Comparator.comparingDouble((ReportedResult result) -> -result.move().orElse(0))
                .thenComparing(ReportedResult::qualifiedName));
        final List<String> lines = new ArrayList<>(List.of("failed, largest move first:"));
        for (ReportedResult result : failed) {
            final String move = result.move().isPresent() ? Figures.ratio(result.move().getAsDouble()) : "-";
            lines.add(String.format(Locale.ROOT, "  %9s  %s: %s", move, result.qualifiedName(), failedWhat(result)));
        }
        return lines;
    }

    /** What failed in a result: {@code time REGRESSION, traffic REGRESSION, @ExpectFasterThan MISSED}. */
    private static String failedWhat(ReportedResult result) {
        final List<String> parts = new ArrayList<>();
        result.metrics().stream().filter(ReportedMetric::failed)
                .forEach(metric -> parts.add(metric.id() + " " + metric.verdict()));
        result.expectations().stream().filter(ReportedExpectation::failed)
                .forEach(expectation -> parts.add("@ExpectFasterThan " + expectation.other() + " "
                        + expectation.verdict()));
        result.scaling().filter(ReportedScaling::failed)
                .ifPresent(scaling -> parts.add("@ExpectScaling " + scaling.verdict()));
        return String.join(", ", parts);
    }

    /**
     * The line of a benchmark's {@code @ExpectScaling}, printed after the benchmark line that completed it:
     * for one that holds, the verdict and the class it stayed within, each count's growth being in the
     * report; for one that failed or warns, everything.
     */
    static String line(ReportedScaling scaling) {
        if (scaling.failed() || scaling.warned()) {
            return "dbbench: " + scalingLine(scaling);
        }
        final int details = scaling.reason().indexOf(':');
        return "dbbench: " + scaling.benchmark() + " over " + scaling.parameter() + ": " + scaling.verdict() + " - "
                + (details < 0 ? scaling.reason() : scaling.reason().substring(0, details));
    }

    private static String scalingLine(ReportedScaling scaling) {
        final List<String> informing = scaling.informing().stream()
                .map(series -> series.name() + " fits " + series.fit().describe()).toList();
        return scaling.benchmark() + " over " + scaling.parameter() + ": " + scaling.verdict()
                + marker(scaling.failed(), scaling.warned()) + " - " + scaling.reason()
                + (informing.isEmpty() ? "" : "; informing: " + String.join("; ", informing));
    }

    /** One line per relative expectation, printed after its benchmark's line. */
    static String line(ReportedExpectation expectation) {
        return "dbbench: " + expectationLine(expectation);
    }

    private static String expectationLine(ReportedExpectation expectation) {
        return expectation.benchmark() + " vs " + expectation.other() + ": " + expectation.verdict()
                + marker(expectation.failed(), expectation.warned()) + " - " + expectation.reason();
    }

    static String marker(boolean fails, boolean warns) {
        return fails ? " (failed)" : warns ? " (warning)" : "";
    }

    static String marker(ReportedMetric metric) {
        return metric.informed() ? " (information)" : marker(metric.failed(), metric.warned());
    }

    /**
     * The headline verdict with what it did (failed, warning, recorded), any other metric that
     * failed or warned, and the note.
     */
    static String verdict(ReportedResult result) {
        final ReportedMetric headline = result.headline();
        final StringBuilder text = new StringBuilder(headline.verdict());
        if (headline.failed() || headline.warned() || headline.informed()) {
            text.append(marker(headline));
        } else if (result.baselineWritten()) {
            text.append(" (recorded)");
        }
        for (ReportedMetric other : result.metrics().subList(1, result.metrics().size())) {
            if (other.failed() || other.warned() || other.informed()) {
                text.append("; ").append(other.id()).append(' ').append(other.verdict()).append(marker(other));
            }
        }
        if (!result.note().isEmpty()) {
            text.append("; ").append(result.note());
        }
        return text.toString();
    }
}
