package dev.dbbench.verdict;

import java.util.List;
import java.util.Optional;

import dev.dbbench.spec.TimingRule;
import dev.dbbench.stats.Comparison;
import dev.dbbench.stats.Summary;

/**
 * The verdict on one benchmark with the numbers behind it.
 *
 * @param comparison the statistics against the baseline; empty when there is none
 * @param rulerRatio current machine-speed ruler over the baseline's (above 1: slower machine); NaN if unknown
 * @param minimumDetectableRatio the smallest slowdown ratio these samples could have flagged
 * @param reason one sentence on why the verdict is what it is
 * @param firstPass for a re-run that confirmed or cleared a suspected regression, the first pass
 * @param fence what the baseline's recorded runs allow an unchanged run, on the scale the ratio was
 *     judged on; {@link Fence#applies()} is false for a baseline of one run and without a baseline
 */
public record Judgement(
        Verdict verdict,
        Summary current,
        Optional<Summary> baseline,
        Optional<Comparison> comparison,
        TimingRule rule,
        double rulerRatio,
        double minimumDetectableRatio,
        String reason,
        List<EnvironmentChange> environmentChanges,
        Optional<Judgement> firstPass,
        Fence fence) {

    public Judgement {
        environmentChanges = List.copyOf(environmentChanges);
    }

    /** A judgement without a run-to-run fence: no baseline, or one of a single run. */
    public Judgement(Verdict verdict, Summary current, Optional<Summary> baseline, Optional<Comparison> comparison,
            TimingRule rule, double rulerRatio, double minimumDetectableRatio, String reason,
            List<EnvironmentChange> environmentChanges, Optional<Judgement> firstPass) {
        this(verdict, current, baseline, comparison, rule, rulerRatio, minimumDetectableRatio, reason,
                environmentChanges, firstPass, Fence.none(baseline.isPresent() ? 1 : 0));
    }

    /** Current median over baseline median (after normalization, when the rule asks for it); NaN without a baseline. */
    public double ratio() {
        return comparison.map(Comparison::ratio).orElse(Double.NaN);
    }

    public double thresholdPercent() {
        return rule.thresholdPercent();
    }

    /** This judgement as the re-run of a suspected regression, with its final verdict and reason. */
    Judgement confirming(Judgement first, Verdict finalVerdict, String finalReason) {
        return new Judgement(finalVerdict, current, baseline, comparison, rule, rulerRatio, minimumDetectableRatio,
                finalReason, environmentChanges, Optional.of(first), fence);
    }
}
