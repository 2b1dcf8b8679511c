package dev.dbbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.evaluate.ExpectationResult;
import dev.dbbench.evaluate.GatedMetric;
import dev.dbbench.evaluate.Unmeasured;
import dev.dbbench.metric.Gating;
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
        final List<String> printed = new ArrayList<>();
        final List<String> failures = new ArrayList<>();
        printed.add(ResultRows.line(result));
        for (GatedMetric gated : result.metrics()) {
            final boolean noted = gated.result().metric().gating() == Gating.EXACT
                    && !gated.result().assessment().findings().isEmpty();
            if (!gated.decision().fails() && !gated.decision().warns() && !noted) {
                continue;
            }
            final Optional<String> message = gated.result().message(result.results(), result.subject(gated.decision()));
            message.ifPresent(text -> (gated.decision().fails() ? failures : printed).add(text));
        }
        for (Unmeasured missing : result.unmeasured()) {
            (missing.decision().fails() ? failures : printed).add(missing.message(result.id().qualifiedName()));
        }
        for (ExpectationResult expectation : result.expectations()) {
            printed.add(ResultRows.line(expectation));
            if (expectation.fails()) {
                failures.add(ExpectationMessage.render(result.id(), expectation));
            } else if (expectation.warns()) {
                printed.add(ExpectationMessage.render(result.id(), expectation));
            }
        }
        return new ResultMessages(printed, failures);
    }
}
