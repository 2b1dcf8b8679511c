package dev.dbbench.report;

import java.util.List;

/** The columns the tabular formats share, so the console and Markdown tables say the same thing. */
final class ResultRows {

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

    static String verdict(BenchmarkResult result) {
        final StringBuilder text = new StringBuilder(result.judgement().verdict().name());
        if (result.decision().fails()) {
            text.append(" (failed)");
        } else if (result.decision().writesBaseline()) {
            text.append(" (recorded)");
        }
        return text.toString();
    }
}
