package dev.dbbench.report;

import java.util.ArrayList;
import java.util.List;

import dev.dbbench.stats.Summary;

/** The cells the text formats share, so the log line, console table and Markdown table say the same thing. */
public final class ResultRows {

    static final List<String> HEADER = List.of("benchmark", "engine", "median", "baseline", "ratio", "interval", "p",
            "cv", "detects", "verdict");

    /** The columns holding figures, which the tables right-align. */
    static boolean numeric(int column) {
        return column >= 2 && column <= 8;
    }

    private ResultRows() {
    }

    static List<String> row(BenchmarkResult result) {
        return List.of(
                result.benchmarkName(),
                result.target(),
                Durations.format(result.judgement().current().median()),
                result.judgement().baseline().map(summary -> Durations.format(summary.median())).orElse("-"),
                Durations.ratio(result.judgement().ratio()),
                result.judgement().comparison().map(c -> Durations.ratio(c.ratioLow()) + "-"
                        + Durations.ratio(c.ratioHigh())).orElse("-"),
                result.judgement().comparison().map(c -> FailureMessage.pValue(c.pSlower())).orElse("-"),
                FailureMessage.percent(result.judgement().current().cv()),
                Double.isNaN(result.judgement().minimumDetectableRatio())
                        ? "-" : Durations.ratio(result.judgement().minimumDetectableRatio()),
                verdict(result));
    }

    /** One line per result, printed as each benchmark finishes. */
    public static String line(BenchmarkResult result) {
        final List<String> cells = row(result);
        return "dbbench: " + cells.get(0) + " [" + cells.get(1) + "] median " + cells.get(2) + ", baseline "
                + cells.get(3) + ", ratio " + cells.get(4) + " (interval " + cells.get(5) + ", p " + cells.get(6)
                + ", cv " + cells.get(7) + "): " + cells.get(9) + " - " + result.judgement().reason()
                + result.serverCpu().map(cpu -> "; server CPU " + serverCpu(cpu, result)).orElse("")
                + result.plans().map(plans -> "; " + plans.plans().size() + " statement plan(s), "
                        + result.planFindings().size() + " plan finding(s)").orElse("");
    }

    /** The median server CPU time per operation and its share of the median wall time. */
    static String serverCpu(Summary cpu, BenchmarkResult result) {
        return Durations.format(cpu.median()) + " (" + FailureMessage.percent(
                cpu.median() / result.judgement().current().median()) + " of wall)";
    }

    /** The expectation lines of a run, under a heading; empty when no benchmark has one. */
    static List<String> expectationLines(List<BenchmarkResult> results) {
        final List<String> lines = new ArrayList<>();
        for (BenchmarkResult result : results) {
            for (ExpectationResult expectation : result.expectations()) {
                final int dot = result.className().lastIndexOf('.');
                lines.add(result.className().substring(dot + 1) + "." + line(expectation).substring("dbbench: ".length()));
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

    static String verdict(BenchmarkResult result) {
        final StringBuilder text = new StringBuilder(result.judgement().verdict().name());
        if (result.decision().fails()) {
            text.append(" (failed)");
        } else if (result.decision().warns()) {
            text.append(" (warning)");
        } else if (result.decision().writesBaseline()) {
            text.append(" (recorded)");
        }
        if (!result.note().isEmpty()) {
            text.append("; ").append(result.note());
        }
        return text.toString();
    }
}
