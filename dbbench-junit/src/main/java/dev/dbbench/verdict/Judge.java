package dev.dbbench.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import dev.dbbench.config.EnvironmentPolicy;
import dev.dbbench.measure.Ruler;
import dev.dbbench.spec.TimingRule;
import dev.dbbench.stats.Comparison;
import dev.dbbench.stats.SampleComparator;
import dev.dbbench.stats.Summary;
import dev.dbbench.text.Figures;

/**
 * Decides a timing verdict from current and baseline samples under a {@link TimingRule}.
 *
 * <ul>
 *   <li>{@link Verdict#REGRESSION} needs all three: the median ratio beyond {@code 1 + threshold},
 *       a one-sided Mann-Whitney U p-value below alpha, and the lower bound of the ratio interval
 *       above {@code 1 + noise floor}. {@link Verdict#IMPROVEMENT} mirrors it.</li>
 *   <li>{@link Verdict#PASS} needs the whole interval within the threshold: a pass means a
 *       threshold-sized change would have shown.</li>
 *   <li>Anything else, and any comparison the ruler or the sample counts make meaningless, is
 *       {@link Verdict#INCONCLUSIVE}, with the reason. A ruler that moved beyond the drift bound
 *       leaves only the changes that the raw timings and the timings divided by it both show.</li>
 *   <li>With normalization on, the current samples are divided by the ruler ratio first; a
 *       regression or improvement that the raw samples do not show as well is inconclusive.</li>
 *   <li>When the baseline holds several recorded runs, a change must also lie beyond the
 *       {@link Fence} their run-to-run spread sets, and a pass may lie anywhere within it: the
 *       threshold becomes the wider of the two. A baseline of one run is judged by its samples
 *       alone, and the reason says so.</li>
 * </ul>
 */
public final class Judge {

    private final TimingRule rule;
    private final double fenceLevel;
    private final SampleComparator comparator;

    public Judge(TimingRule rule) {
        this(rule, Fence.DEFAULT_LEVEL);
    }

    /** @param fenceLevel the one-sided level of the run-to-run {@link Fence}, for measuring other levels */
    public Judge(TimingRule rule, double fenceLevel) {
        this.rule = rule;
        this.fenceLevel = fenceLevel;
        this.comparator = new SampleComparator(rule.confidence());
    }

    /**
     * What the baseline holds for the judge.
     *
     * @param samples every recorded run's samples, pooled
     * @param runs the summary of each recorded run; empty for baselines recorded before runs were kept
     */
    public record Recorded(Summary summary, double[] samples, SortedMap<String, String> environment,
            SortedMap<String, Double> ruler, List<RecordedRun> runs) {

        public Recorded {
            runs = List.copyOf(runs);
        }

        /** A baseline of one run whose summary was not kept apart from its samples. */
        public Recorded(Summary summary, double[] samples, SortedMap<String, String> environment,
                SortedMap<String, Double> ruler) {
            this(summary, samples, environment, ruler, List.of());
        }
    }

    public Judgement judge(double[] currentSamples, SortedMap<String, String> environment,
            SortedMap<String, Double> ruler, Optional<Recorded> baseline) {
        final Summary current = Summary.of(currentSamples);
        if (baseline.isEmpty()) {
            return new Judgement(Verdict.NEW, current, Optional.empty(), Optional.empty(), rule, Double.NaN,
                    Double.NaN, "no baseline yet", List.of(), Optional.empty());
        }
        final Recorded recorded = baseline.get();
        final double rulerRatio = MachineSpeed.ratio(ruler, recorded.ruler());
        final boolean normalized = rule.normalize() && !Double.isNaN(rulerRatio);
        final Fence rawFence = Fence.of(recorded.runs(), recorded.summary().median(), Double.NaN, false, fenceLevel);
        // The ratio is divided by the slices' ratio only when both sides have slices; so are the runs then.
        final boolean bySlices = normalized && ruler.containsKey(Ruler.SLICES)
                && recorded.ruler().containsKey(Ruler.SLICES);
        final Fence fence = bySlices ? Fence.of(recorded.runs(), recorded.summary().median(),
                recorded.ruler().get(Ruler.SLICES), true, fenceLevel) : rawFence;
        final Comparison comparison = comparator.compare(
                normalized ? scaled(currentSamples, 1 / rulerRatio) : currentSamples, recorded.samples());
        final List<EnvironmentChange> changes = changes(recorded.environment(), environment);
        final double drift = 1 + rule.maxRulerDriftPercent() / 100.0;
        final List<EnvironmentChange> refused = refused(rule.environment(), changes);
        Outcome outcome;
        if (!refused.isEmpty()) {
            outcome = new Outcome(Verdict.INCONCLUSIVE, "the baseline was measured on another engine or CPU ("
                    + refused.stream().map(EnvironmentChange::toString).collect(Collectors.joining(", "))
                    + ") and dbbench.environment.mismatch=refuse compares only like with like");
        } else if (!Double.isNaN(rulerRatio) && (rulerRatio > drift || rulerRatio < 1 / drift)) {
            outcome = despiteTheRuler(currentSamples, recorded, rulerRatio, rawFence, fence);
        } else {
            outcome = decide(comparison, current.n(), recorded.summary().n(), fence);
            if (normalized) {
                outcome = unlessOnlyTheRulerSaysSo(outcome, currentSamples, recorded, rulerRatio, rawFence);
            }
        }
        final String reason = fence.applies() ? outcome.reason()
                : outcome.reason() + "; " + SINGLE_RUN_NOTE;
        return new Judgement(outcome.verdict(), current, Optional.of(recorded.summary()),
                Optional.of(comparison), rule, rulerRatio, minimumDetectableRatio(comparison, fence), reason,
                changes, Optional.empty(), fence);
    }

    /** What the reason of every verdict against a baseline of one run says. */
    static final String SINGLE_RUN_NOTE = "single-run baseline: judged by its samples alone, no run-to-run fence"
            + " (record several runs with -Ddbbench.baseline.runs=N)";

    /** A verdict with the sentence that explains it. */
    private record Outcome(Verdict verdict, String reason) {
    }

    private Outcome decide(Comparison comparison, int samples, int baselineSamples, Fence fence) {
        if (comparison.smallestPValue() >= rule.alpha()) {
            return new Outcome(Verdict.INCONCLUSIVE, samples + " vs " + baselineSamples
                    + " samples can never reach p < " + rule.alpha() + "; use at least "
                    + SampleComparator.samplesNeededFor(rule.alpha()) + " samples");
        }
        final double limit = Math.max(1 + rule.thresholdPercent() / 100.0, fence.applies() ? fence.upper() : 0);
        final double ratio = comparison.ratio();
        final boolean beyondThresholdSlower = above(ratio, rule.thresholdPercent());
        final boolean beyondThresholdFaster = below(ratio, rule.thresholdPercent());
        final boolean beyondSlower = beyondThresholdSlower && fence.beyondSlower(ratio);
        final boolean beyondFaster = beyondThresholdFaster && fence.beyondFaster(ratio);
        final String beyond = fence.applies() ? " and the runs' fence " + Figures.ratio(fence.upper()) : "";
        if (beyondSlower && comparison.pSlower() < rule.alpha()
                && above(comparison.ratioLow(), rule.noiseFloorPercent())) {
            return new Outcome(Verdict.REGRESSION, "median " + Figures.ratio(ratio) + " the baseline's, beyond +"
                    + Figures.percentage(rule.thresholdPercent()) + beyond + ", p = " + Figures.pValue(comparison.pSlower())
                    + ", interval " + interval(comparison));
        }
        if (beyondFaster && comparison.pFaster() < rule.alpha()
                && below(comparison.ratioHigh(), rule.noiseFloorPercent())) {
            return new Outcome(Verdict.IMPROVEMENT, "median " + Figures.ratio(ratio) + " the baseline's, p = "
                    + Figures.pValue(comparison.pFaster()) + ", interval " + interval(comparison));
        }
        final boolean highWithin = !above(comparison.ratioHigh(), rule.thresholdPercent())
                || !fence.beyondSlower(comparison.ratioHigh());
        final boolean lowWithin = !below(comparison.ratioLow(), rule.thresholdPercent())
                || !fence.beyondFaster(comparison.ratioLow());
        if (highWithin && lowWithin) {
            return new Outcome(Verdict.PASS, "interval " + interval(comparison) + " within ±"
                    + Figures.percentage(rule.thresholdPercent()) + (fence.applies() ? " or the runs' fence "
                    + Figures.interval(fence.lower(), fence.upper()) : ""));
        }
        if (beyondThresholdSlower && !fence.beyondSlower(ratio)
                || beyondThresholdFaster && !fence.beyondFaster(ratio)) {
            return new Outcome(Verdict.INCONCLUSIVE, "median " + Figures.ratio(ratio) + " the baseline's, beyond ±"
                    + Figures.percentage(rule.thresholdPercent()) + " but within the fence its recorded runs set (" + fence.describe()
                    + "): unchanged code has landed this far");
        }
        return new Outcome(Verdict.INCONCLUSIVE,
                inconclusiveReason(comparison, beyondSlower, beyondFaster, limit, samples));
    }

    /**
     * Normalization may clear a finding, never make one. A ruler reading is one moment of a machine
     * whose speed wanders (on a shared two-core runner the engine workload moves by a quarter within
     * seconds), so dividing by it may excuse a slowdown the whole machine shared, but a regression or
     * an improvement the raw timings do not show as well is only the ruler's noise: inconclusive.
     */
    private Outcome unlessOnlyTheRulerSaysSo(Outcome normalized, double[] currentSamples, Recorded recorded,
            double rulerRatio, Fence rawFence) {
        if (isFinding(normalized.verdict())) {
            final Outcome raw = outcomeOf(currentSamples, recorded, rawFence);
            if (raw.verdict() != normalized.verdict()) {
                final String finding = normalized.verdict() == Verdict.REGRESSION ? "a regression" : "an improvement";
                return new Outcome(Verdict.INCONCLUSIVE, finding + " only once divided by the machine-speed ruler ("
                        + Figures.ratio(rulerRatio) + " the baseline run's): " + normalized.reason()
                        + "; the raw timings say " + raw.verdict().name().toLowerCase(Locale.ROOT) + ", "
                        + raw.reason());
            }
        }
        return new Outcome(normalized.verdict(), normalized.reason() + " (normalized by the ruler)");
    }

    /**
     * A ruler that moved beyond the drift bound says the two runs were on machines too different to
     * compare by ratio, but not that nothing changed: a change that both the raw timings and the
     * timings divided by the ruler show (a 30x slowdown with a ruler 1.75x slower) is still a change.
     * Anything else is inconclusive.
     */
    private Outcome despiteTheRuler(double[] currentSamples, Recorded recorded, double rulerRatio, Fence rawFence,
            Fence fence) {
        final Outcome raw = outcomeOf(currentSamples, recorded, rawFence);
        final Outcome divided = outcomeOf(scaled(currentSamples, 1 / rulerRatio), recorded, fence);
        final String moved = "the machine-speed ruler moved " + Figures.ratio(rulerRatio) + " (more than "
                + Figures.percentage(rule.maxRulerDriftPercent()) + ")";
        if (isFinding(raw.verdict()) && divided.verdict() == raw.verdict()) {
            return new Outcome(raw.verdict(), raw.reason() + "; " + moved + ", and divided by it still "
                    + divided.reason());
        }
        return new Outcome(Verdict.INCONCLUSIVE, moved + ", so timings from the two runs cannot be compared; raw "
                + raw.verdict().name().toLowerCase(Locale.ROOT) + ", divided by the ruler "
                + divided.verdict().name().toLowerCase(Locale.ROOT));
    }

    /** The outcome of these samples against the baseline's, on their own scale. */
    private Outcome outcomeOf(double[] currentSamples, Recorded recorded, Fence fence) {
        return decide(comparator.compare(currentSamples, recorded.samples()), currentSamples.length,
                recorded.summary().n(), fence);
    }

    private static boolean isFinding(Verdict verdict) {
        return verdict == Verdict.REGRESSION || verdict == Verdict.IMPROVEMENT;
    }

    /**
     * Combines a suspected regression with its re-run: it stays a regression only when the re-run is
     * one too; otherwise it is reported, not failed, as an unconfirmed regression.
     */
    public static Judgement confirm(Judgement first, Judgement rerun) {
        final String note = rerun.fence().applies() ? "" : "; " + SINGLE_RUN_NOTE;
        final String firstReason = first.reason().replace("; " + SINGLE_RUN_NOTE, "");
        final String rerunReason = rerun.reason().replace("; " + SINGLE_RUN_NOTE, "");
        if (rerun.verdict() == Verdict.REGRESSION) {
            return rerun.confirming(first, Verdict.REGRESSION, "confirmed by a re-run: first " + firstReason
                    + "; re-run " + rerunReason + note);
        }
        return rerun.confirming(first, Verdict.INCONCLUSIVE, "regression not confirmed by a re-run: first "
                + firstReason + "; re-run " + rerun.verdict().name().toLowerCase(Locale.ROOT) + ", "
                + rerunReason + note);
    }

    private String inconclusiveReason(Comparison comparison, boolean beyondSlower, boolean beyondFaster,
            double limit, int samples) {
        if (beyondSlower || beyondFaster) {
            final double p = beyondSlower ? comparison.pSlower() : comparison.pFaster();
            return "median " + Figures.ratio(comparison.ratio()) + " the baseline's, but " + (p >= rule.alpha()
                    ? "p = " + Figures.pValue(p) + " is not below " + rule.alpha()
                    : "the interval " + interval(comparison) + " does not clear the " + Figures.percentage(rule.noiseFloorPercent())
                            + " noise floor");
        }
        final double halfWidth = Figures.logHalfWidth(comparison.ratioLow(), comparison.ratioHigh());
        final double room = Math.log(limit) - Math.abs(Math.log(comparison.ratio()));
        final String more = room > 0
                ? "; about " + (int) Math.ceil(samples * Math.pow(halfWidth / room, 2)) + " samples would tell"
                : "";
        return "interval " + interval(comparison) + " too wide to rule out a change beyond ±"
                + Figures.percentage(rule.thresholdPercent()) + more;
    }

    /**
     * The smallest slowdown these samples could flag: beyond the threshold and the runs' fence, and
     * far enough that an interval as wide as this one would clear the noise floor.
     */
    private double minimumDetectableRatio(Comparison comparison, Fence fence) {
        final double halfWidth = Figures.logHalfWidth(comparison.ratioLow(), comparison.ratioHigh());
        final double floor = 1 + rule.noiseFloorPercent() / 100.0;
        final double gate = Math.max(1 + rule.thresholdPercent() / 100.0, fence.applies() ? fence.upper() : 0);
        return Math.max(gate, floor * Math.exp(halfWidth));
    }

    /**
     * Whether a ratio is more than {@code percent} above 1, compared on the percent scale with a
     * tolerance far below any real difference, so 136/100 against +36% is not a rounding accident.
     */
    static boolean above(double ratio, double percent) {
        return ratio * 100 > 100 + percent + TOLERANCE;
    }

    /** Whether a ratio is below {@code 1 / (1 + percent/100)}, with the same tolerance. */
    static boolean below(double ratio, double percent) {
        return ratio * (100 + percent) < 100 - TOLERANCE;
    }

    private static final double TOLERANCE = 1e-9;

    private static double[] scaled(double[] samples, double factor) {
        final double[] result = new double[samples.length];
        for (int i = 0; i < samples.length; i++) {
            result[i] = samples[i] * factor;
        }
        return result;
    }

    /**
     * The changes that make a policy refuse a timing comparison: under {@link EnvironmentPolicy#REFUSE}
     * everything about the engine and the CPU; JVM and OS updates never refuse, since runners change
     * kernels weekly.
     */
    private static List<EnvironmentChange> refused(EnvironmentPolicy policy, List<EnvironmentChange> changes) {
        if (policy == EnvironmentPolicy.WARN) {
            return List.of();
        }
        return changes.stream().filter(change -> REFUSED_PREFIXES.stream().anyMatch(change.key()::startsWith))
                .toList();
    }

    private static final List<String> REFUSED_PREFIXES = List.of("engine.", "cpu.");

    static List<EnvironmentChange> changes(Map<String, String> baseline, Map<String, String> current) {
        final List<EnvironmentChange> changes = new ArrayList<>();
        final TreeSet<String> keys = new TreeSet<>(baseline.keySet());
        keys.addAll(current.keySet());
        for (String key : keys) {
            final String before = baseline.getOrDefault(key, "-");
            final String after = current.getOrDefault(key, "-");
            if (!before.equals(after)) {
                changes.add(new EnvironmentChange(key, before, after));
            }
        }
        return changes;
    }



    private static String interval(Comparison comparison) {
        return Figures.interval(comparison.ratioLow(), comparison.ratioHigh());
    }
}
