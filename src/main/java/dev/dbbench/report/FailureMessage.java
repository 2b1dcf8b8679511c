package dev.dbbench.report;

import java.util.Locale;
import java.util.stream.Collectors;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.stats.Comparison;
import dev.dbbench.stats.Summary;
import dev.dbbench.verdict.Judgement;
import dev.dbbench.verdict.Verdict;

/**
 * The message of a failed benchmark: what changed, by how much against which threshold, what
 * differed in the environment, and the command that accepts the change.
 */
public final class FailureMessage {

    private FailureMessage() {
    }

    public static String render(BenchmarkResult result) {
        final Judgement judgement = result.judgement();
        final String name = result.benchmarkName() + " [" + result.target() + "]";
        final StringBuilder text = new StringBuilder();
        if (judgement.verdict() == Verdict.NEW) {
            text.append("dbbench: ").append(name).append(" has no baseline in ").append(result.baselineFile())
                    .append(", and ").append(ConfigKeys.BASELINE_MISSING).append("=fail (the default when CI=true).\n");
            line(text, "measured", "median " + Durations.format(judgement.current().median())
                    + ", p90 " + Durations.format(judgement.current().p90()));
            if (!result.note().isEmpty()) {
                line(text, "note", result.note());
            }
            line(text, "record it", result.acceptCommand().replace("=update", "=record-missing")
                    + " and commit " + result.baselineFile());
            return text.toString().stripTrailing();
        }
        final Summary baseline = judgement.baseline().orElseThrow();
        final Summary current = judgement.current();
        final Comparison comparison = judgement.comparison().orElseThrow();
        text.append("dbbench: ").append(judgement.verdict()).append(" in ").append(name).append(": median ")
                .append(Durations.ratio(judgement.ratio())).append(" the baseline's, threshold +")
                .append(judgement.thresholdPercent()).append('%');
        if (!result.decision().fails()) {
            text.append(" (warning, not failed)");
        }
        text.append('\n');
        line(text, "why", judgement.reason());
        line(text, "median", Durations.format(baseline.median()) + " -> " + Durations.format(current.median())
                + "  (" + Durations.ratio(comparison.ratio()) + ", " + percent(comparison.confidence()) + " interval "
                + Durations.ratio(comparison.ratioLow()) + " to " + Durations.ratio(comparison.ratioHigh())
                + ", p = " + pValue(comparison.pSlower()) + ")");
        line(text, "p90", Durations.format(baseline.p90()) + " -> " + Durations.format(current.p90()));
        judgement.firstPass().ifPresent(first -> line(text, "first pass", "median "
                + Durations.format(first.current().median()) + " (" + Durations.ratio(first.ratio()) + ", p = "
                + first.comparison().map(c -> pValue(c.pSlower())).orElse("-") + "): " + first.verdict()));
        line(text, "noise", "MAD " + Durations.format(baseline.mad()) + " -> " + Durations.format(current.mad())
                + ", CV " + percent(baseline.cv()) + " -> " + percent(current.cv())
                + "; smallest detectable slowdown " + Durations.ratio(judgement.minimumDetectableRatio()));
        result.serverCpu().ifPresent(cpu -> line(text, "server CPU", result.baselineServerCpu()
                .map(before -> Durations.format(before.median()) + " -> ").orElse("") + ResultRows.serverCpu(cpu, result)
                + (result.baselineServerCpu().isPresent() ? "" : "; the baseline has no server CPU reading")));
        line(text, "machine", Double.isNaN(judgement.rulerRatio())
                ? "no ruler reading to compare"
                : "speed ruler " + Durations.ratio(judgement.rulerRatio()) + " the baseline run's ("
                        + (judgement.rule().normalize() ? "timings divided by it" : "timings not normalized, "
                        + ConfigKeys.NORMALIZE + "=false") + ")");
        line(text, "samples", current.n() + " x " + result.samples().opsPerSample() + " op(s) after "
                + result.samples().warmups() + " warm-up(s); baseline " + baseline.n() + " samples");
        line(text, "environment", judgement.environmentChanges().isEmpty()
                ? "same as the baseline's run"
                : judgement.environmentChanges().stream().map(Object::toString).collect(Collectors.joining("; ")));
        line(text, "baseline", result.baselineFile() + " (recorded " + result.baselineRecordedAt() + ")");
        line(text, "accept", result.acceptCommand());
        return text.toString().stripTrailing();
    }

    static String pValue(double p) {
        return p < 0.0001 ? String.format(Locale.ROOT, "%.1e", p) : String.format(Locale.ROOT, "%.4f", p);
    }

    private static void line(StringBuilder text, String label, String value) {
        text.append(String.format(Locale.ROOT, "  %-12s %s", label, value)).append('\n');
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }
}
