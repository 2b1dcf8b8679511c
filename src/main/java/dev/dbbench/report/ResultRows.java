package dev.dbbench.report;

import java.util.List;

/** The cells the text formats share, so the log line, console table and Markdown table say the same thing. */
public final class ResultRows {

    static final List<String> HEADER = List.of("benchmark", "engine", "median", "baseline", "ratio", "verdict");

    private ResultRows() {
    }

    static List<String> row(BenchmarkResult result) {
        return List.of(
                result.benchmarkName(),
                result.target(),
                Durations.format(result.judgement().current().median()),
                result.judgement().baseline().map(summary -> Durations.format(summary.median())).orElse("-"),
                Durations.ratio(result.judgement().ratio()),
                verdict(result));
    }

    /** One line per result, printed as each benchmark finishes. */
    public static String line(BenchmarkResult result) {
        final List<String> cells = row(result);
        return "dbbench: " + cells.get(0) + " [" + cells.get(1) + "] median " + cells.get(2) + ", baseline "
                + cells.get(3) + ", ratio " + cells.get(4) + ": " + cells.get(5);
    }

    static String verdict(BenchmarkResult result) {
        final StringBuilder text = new StringBuilder(result.judgement().verdict().name());
        if (result.decision().fails()) {
            text.append(" (failed)");
        } else if (result.decision().writesBaseline()) {
            text.append(" (recorded)");
        }
        if (!result.note().isEmpty()) {
            text.append("; ").append(result.note());
        }
        return text.toString();
    }
}
