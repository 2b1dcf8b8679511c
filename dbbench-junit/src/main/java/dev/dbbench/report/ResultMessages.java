package dev.dbbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.text.Figures;

/**
 * What a finished benchmark prints and what it fails with: its result line, then each metric's and
 * expectation's message, as a failure when the gate made it fail, else printed as a warning or note.
 *
 * @param printed the lines and messages to print, in order
 * @param failures the messages the test fails with, all at once; empty when it passes
 */
public record ResultMessages(List<String> printed, List<String> failures) {

    public ResultMessages {
        printed = List.copyOf(printed);
        failures = List.copyOf(failures);
    }

    /** The figures of a result as JUnit report entries, for IDEs and the Open Test Reporting format. */
    public static Map<String, String> reportEntry(BenchmarkResult result) {
        return Map.of(
                "dbbench.verdict", result.verdict().name(),
                "dbbench.target", result.id().target(),
                "dbbench.median", Figures.duration(result.time().current().summary().median()),
                "dbbench.baseline", result.time().baseline()
                        .map(baseline -> Figures.duration(baseline.summary().median())).orElse("-"),
                "dbbench.ratio", Figures.ratio(result.time().assessment().judgement().ratio()));
    }

    public static ResultMessages of(BenchmarkResult result) {
        final ReportedResult reported = ReportedResult.of(result);
        final List<String> printed = new ArrayList<>();
        final List<String> failures = new ArrayList<>();
        printed.add(ResultRows.line(reported));
        for (ReportedMetric metric : reported.metrics()) {
            if (!metric.message().isEmpty()) {
                (metric.failed() ? failures : printed).add(metric.message());
            }
        }
        for (ReportedExpectation expectation : reported.expectations()) {
            printed.add(ResultRows.line(expectation));
            if (expectation.failed()) {
                failures.add(expectation.message());
            } else if (expectation.warned()) {
                printed.add(expectation.message());
            }
        }
        reported.scaling().ifPresent(scaling -> {
            printed.add(ResultRows.line(scaling));
            if (scaling.failed()) {
                failures.add(scaling.message());
            } else if (scaling.warned()) {
                printed.add(scaling.message());
            }
        });
        return new ResultMessages(printed, failures);
    }
}
