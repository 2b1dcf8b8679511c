package dev.dbbench.metric;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbbench.verdict.Verdict;

/**
 * What an exact comparison found: a list of findings, each failing or not. Its verdict is
 * {@link Verdict#REGRESSION} when one fails, {@link Verdict#IMPROVEMENT} when all it found is less
 * work, {@link Verdict#NEW} without a baseline (declared expectations still checked), else
 * {@link Verdict#PASS} (a warning does not change it).
 */
public record FindingsAssessment(Verdict verdict, String reason, List<Finding> findings) implements Assessment {

    public FindingsAssessment {
        findings = List.copyOf(findings);
    }

    /** The assessment of these findings, with or without a baseline to have compared against. */
    static FindingsAssessment of(List<Finding> findings, boolean compared) {
        final long failing = findings.stream().filter(Finding::fails).count();
        final boolean lessWork = !findings.isEmpty()
                && findings.stream().allMatch(finding -> finding.kind() == Finding.Kind.LESS_WORK);
        final Verdict verdict = failing > 0 ? Verdict.REGRESSION
                : !compared ? Verdict.NEW
                : lessWork ? Verdict.IMPROVEMENT
                : Verdict.PASS;
        final String reason = findings.isEmpty()
                ? (compared ? "same as the baseline's" : "no baseline yet")
                : findings.size() + " finding(s), " + failing + " failing";
        return new FindingsAssessment(verdict, reason, findings);
    }

    /** What update mode leaves of it: changes are accepted, a missed declaration still stands. */
    FindingsAssessment accepted() {
        return of(findings.stream().filter(Finding::holdsInUpdate).toList(), verdict != Verdict.NEW);
    }

    /**
     * The message of findings of one exact metric, such as
     * {@code dbbench: PLAN REGRESSION in X [target] (exact: ...)} with one block per finding.
     *
     * @param what the metric as the headline names it, in capitals: {@code PLAN}
     * @param how how the figures were obtained, so a reader knows no statistics were involved
     */
    static Optional<MetricMessage> message(FindingsAssessment assessment, String what, String how, Subject subject) {
        return message(assessment, what, "REGRESSION", how, subject);
    }

    /**
     * The same with another word for what failing findings are, such as {@code NOT CAPTURED}.
     *
     * @param failing what failing findings make the headline say after {@code what}
     */
    static Optional<MetricMessage> message(FindingsAssessment assessment, String what, String failing, String how,
            Subject subject) {
        if (assessment.findings().isEmpty()) {
            return Optional.empty();
        }
        final boolean fails = assessment.findings().stream().anyMatch(Finding::fails);
        final MetricMessage message = new MetricMessage((fails ? what + " " + failing + " in "
                : what.toLowerCase(Locale.ROOT) + " note for ") + subject.id().qualifiedName() + " (exact: " + how + ")");
        for (Finding finding : assessment.findings()) {
            message.finding(finding.kind().name(), finding.subject(), finding.detail());
        }
        if (assessment.findings().stream().anyMatch(finding -> finding.fails() && !finding.holdsInUpdate())) {
            message.closing(MetricMessage.Closing.ACCEPT);
        }
        return Optional.of(message);
    }

    /** The findings as {@code results.json} lists them. */
    JsonNode json() {
        return MetricJson.MAPPER.valueToTree(findings.stream().map(finding -> new JsonFinding(finding.kind().name(),
                finding.subject(), finding.detail(), finding.fails())).toList());
    }

    /** The shape {@code results.json} has always given a finding. */
    private record JsonFinding(String kind, String statement, String detail, boolean fails) {
    }
}
