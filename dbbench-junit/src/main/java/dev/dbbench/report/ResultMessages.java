package dev.dbbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.text.Figures;

/**
 * What a finished benchmark prints and what it fails with: its result line, and the full message of
 * each metric, expectation and growth that failed.
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

    /**
     * What a finished benchmark prints and fails with. A benchmark that passes, informs or warns prints
     * one line (and one per expectation and growth it judged), which says what would settle a warning;
     * the full messages of warnings and information are in the reports. Only failures get their
     * full messages in the build log: the test fails with them.
     */
    public static ResultMessages of(BenchmarkResult result) {
        return of(ReportedResult.of(result));
    }

    /** What a finished benchmark prints and fails with, from its result as the reports show it. */
    public static ResultMessages of(ReportedResult reported) {
        final List<String> printed = new ArrayList<>();
        final List<String> failures = new ArrayList<>();
        printed.add(ResultRows.line(reported));
        for (ReportedMetric metric : reported.metrics()) {
            if (metric.failed() && !metric.message().isEmpty()) {
                failures.add(metric.message());
            }
        }
        for (ReportedExpectation expectation : reported.expectations()) {
            printed.add(ResultRows.line(expectation));
            if (expectation.failed()) {
                failures.add(expectation.message());
            }
        }
        reported.scaling().ifPresent(scaling -> {
            printed.add(ResultRows.line(scaling));
            if (scaling.failed()) {
                failures.add(scaling.message());
            }
        });
        return new ResultMessages(printed, failures);
    }
}
