package dev.dbbench.verdict;

import static dev.dbbench.verdict.JudgeTest.lognormal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.config.EnvironmentPolicy;
import dev.dbbench.spec.TimingRule;
import dev.dbbench.stats.Summary;
import org.junit.jupiter.api.Test;

/**
 * The run-to-run fence on constructed run sets: a steady benchmark, a noisy one, a baseline of one run,
 * and the run sets of issue 27 that opened the fence of the unshrunk estimator to 2x and to 10,000x.
 */
class FenceTest {

    private static final TimingRule RULE = new TimingRule(25, 0.01, 3, 50, false, EnvironmentPolicy.WARN);
    private static final SortedMap<String, String> ENV = new TreeMap<>(Map.of("cpu.model", "AMD EPYC"));
    private static final SortedMap<String, Double> NO_RULER = new TreeMap<>();

    @Test
    void theFactorPaysForFewRunsButThePriorBoundsIt() {
        // Student's t with the prior's four degrees of freedom added: 6.01 for 3 runs, not 25.8.
        assertThat(Fence.factor(3, 0.001)).isCloseTo(6.01, within(0.01));
        assertThat(Fence.factor(5, 0.001)).isCloseTo(4.93, within(0.01));
        assertThat(Fence.factor(10, 0.001)).isCloseTo(4.04, within(0.01));
        assertThat(Fence.factor(20, 0.001)).isCloseTo(3.57, within(0.01));
    }

    @Test
    void oneSlowRunOfFiveNeitherOpensTheFenceToTwiceNorHidesBeyondIt() {
        // Issue 27: run medians of 36.3, 27.5, 26.6, 27.3 and 27.6 ms (one slow first run) gave the
        // unshrunk estimator a fence of [0.46x, 2.00x], and a 2x client-side sleep (1.81x) passed.
        final List<RecordedRun> runs = List.of(run(36.3e6), run(27.5e6), run(26.6e6), run(27.3e6), run(27.6e6));

        final Fence fence = Fence.of(runs, 27.5e6, Double.NaN, false, Fence.DEFAULT_LEVEL);

        assertThat(fence.spread()).isBetween(0.005, 0.02);
        assertThat(fence.upper()).isBetween(36.3 / 27.5, 1.5);
        assertThat(fence.lower()).isBetween(0.6, 26.6 / 27.5);
        assertThat(fence.beyondSlower(1.81)).isTrue();
        assertThat(fence.beyondSlower(36.3 / 27.5)).isFalse();
    }

    @Test
    void threeRunsThatDisagreeGiveABoundedFence() {
        // Spread like the three-run baselines of issue 27 whose fences read ">= 10804.99x": the
        // unshrunk estimator put the fence 25.8 standard deviations out.
        final List<RecordedRun> runs = List.of(run(20e6), run(28e6), run(41e6));

        final Fence fence = Fence.of(runs, 28e6, Double.NaN, false, Fence.DEFAULT_LEVEL);

        assertThat(fence.upper()).isBetween(41.0 / 28, 10.0);
        assertThat(fence.describe()).startsWith("3 runs spread ±");
    }

    @Test
    void threeRunsThatAgreeStillAllowForThePriorSpread() {
        final List<RecordedRun> runs = List.of(run(10.0e6), run(10.1e6), run(9.9e6));

        final Fence fence = Fence.of(runs, 10e6, Double.NaN, false, Fence.DEFAULT_LEVEL);

        // exp(6.01 x sqrt(4 x 0.1^2 / 6)): what five runs of the prior spread would allow, not 1.02x.
        assertThat(fence.upper()).isBetween(1.55, 1.7);
        assertThat(fence.beyondSlower(2.0)).isTrue();
    }

    @Test
    void steadyRunsGiveATightFenceThatTheThresholdStillBounds() {
        final Baseline steady = baseline(1, 100_000, 0.02, 0.03, 5);
        final Fence fence = steady.fence();

        assertThat(fence.applies()).isTrue();
        assertThat(fence.runs()).isEqualTo(5);
        assertThat(fence.spread()).isBetween(0.01, 0.05);
        // The prior spread keeps five agreeing runs from claiming they never move: about 1.42x.
        assertThat(fence.upper()).isBetween(1.3, 1.5);
        assertThat(fence.lower()).isBetween(0.65, 0.8);
        // 1.8x is beyond both the fence and the threshold.
        final Judgement slower = new Judge(RULE).judge(lognormal(50, 180_000, 0.03, 15), ENV, NO_RULER,
                steady.recorded());
        assertThat(slower.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(slower.reason()).contains("beyond +25% and the runs' fence ").doesNotContain("single-run");
        assertThat(slower.minimumDetectableRatio()).isCloseTo(fence.upper(), within(1e-9));
        final Judgement same = new Judge(RULE).judge(lognormal(51, 100_000, 0.03, 15), ENV, NO_RULER,
                steady.recorded());
        assertThat(same.verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void noisyRunsGiveAWideFenceThatSaysWhatItCatches() {
        // Runs whose medians spread about 35% (one sd of their logs), each with quiet samples: the
        // samples of one run say nothing about how far the next run lands.
        final Baseline noisy = new Baseline(List.of(
                run(2, 100_000), run(3, 145_000), run(4, 72_000), run(5, 120_000), run(6, 60_000)));
        final Fence fence = noisy.fence();

        assertThat(fence.spread()).isBetween(0.4, 0.6);
        assertThat(fence.upper()).isGreaterThan(2.1);
        assertThat(fence.describe()).startsWith("5 runs spread ±").contains("fence ");
        // Twice as slow lies within what unchanged runs did: not a regression, and the gate says it
        // cannot see such a change.
        final Judgement twice = new Judge(RULE).judge(lognormal(60, 2 * noisy.median(), 0.03, 15), ENV, NO_RULER,
                noisy.recorded());
        assertThat(twice.verdict()).isEqualTo(Verdict.PASS);
        assertThat(twice.reason()).contains("or the runs' fence [");
        assertThat(twice.minimumDetectableRatio()).isCloseTo(fence.upper(), within(1e-9));
        // Far beyond the fence still fails.
        final Judgement far = new Judge(RULE).judge(lognormal(62, 20 * noisy.median(), 0.03, 15), ENV, NO_RULER,
                noisy.recorded());
        assertThat(far.verdict()).isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void aMedianWithinTheFenceWhoseIntervalReachesBeyondItIsInconclusive() {
        final Baseline moderate = new Baseline(List.of(
                run(11, 100_000), run(12, 108_000), run(13, 93_000), run(14, 104_000), run(15, 96_000)));
        final Fence fence = moderate.fence();
        assertThat(fence.upper()).isBetween(1.4, 2.0);
        final double[] straddling = Arrays.stream(lognormal(63, 1.0, 0.5, 15))
                .map(factor -> factor * 1.65 * moderate.median()).toArray();

        final Judgement unclear = new Judge(RULE).judge(straddling, ENV, NO_RULER, moderate.recorded());

        assertThat(unclear.ratio()).isBetween(1.25, fence.upper());
        assertThat(unclear.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(unclear.reason()).contains("within the fence its recorded runs set (5 runs spread ±");
    }

    @Test
    void oneRunHasNoFenceAndIsJudgedByTheOldRuleWithANote() {
        final Baseline single = baseline(7, 100_000, 0.03, 0, 1);

        assertThat(single.fence().applies()).isFalse();
        assertThat(single.fence().describe()).isEqualTo("a single recorded run");
        final Judgement twice = new Judge(RULE).judge(lognormal(70, 200_000, 0.03, 15), ENV, NO_RULER,
                single.recorded());
        assertThat(twice.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(twice.reason()).endsWith("; " + Judge.SINGLE_RUN_NOTE);
        assertThat(twice.fence().applies()).isFalse();
        // Baselines written before runs were kept read the same way.
        final double[] samples = lognormal(71, 100_000, 0.03, 15);
        final Judgement legacy = new Judge(RULE).judge(lognormal(72, 200_000, 0.03, 15), ENV, NO_RULER,
                Optional.of(new Judge.Recorded(Summary.of(samples), samples, ENV, NO_RULER)));
        assertThat(legacy.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(legacy.reason()).contains("single-run baseline");
    }

    @Test
    void aConfirmedRegressionSaysSingleRunOnce() {
        final Baseline single = baseline(8, 100_000, 0.03, 0, 1);
        final Judge judge = new Judge(RULE);
        final Judgement first = judge.judge(lognormal(80, 200_000, 0.03, 15), ENV, NO_RULER, single.recorded());
        final Judgement rerun = judge.judge(lognormal(81, 200_000, 0.03, 15), ENV, NO_RULER, single.recorded());

        final String reason = Judge.confirm(first, rerun).reason();

        assertThat(reason.indexOf("single-run baseline")).isEqualTo(reason.lastIndexOf("single-run baseline"));
    }

    @Test
    void runsDividedByTheirOwnRulerSpreadOnlyAsMuchAsTheRulerDoesNot() {
        // Each run's median moved with its machine's speed, which its ruler slices measured.
        final List<RecordedRun> runs = List.of(
                new RecordedRun(100_000, 15, 2_000_000, "t", "a", "cpu"),
                new RecordedRun(130_000, 15, 2_600_000, "t", "a", "cpu"),
                new RecordedRun(80_000, 15, 1_600_000, "t", "a", "cpu"));

        final Fence raw = Fence.of(runs, 100_000, 2_000_000, false, Fence.DEFAULT_LEVEL);
        final Fence normalized = Fence.of(runs, 100_000, 2_000_000, true, Fence.DEFAULT_LEVEL);

        assertThat(raw.spread()).isGreaterThan(0.2);
        assertThat(normalized.normalized()).isTrue();
        assertThat(normalized.spread()).isCloseTo(0, within(1e-9));
        // Runs that agree once divided by their ruler leave the prior spread alone.
        assertThat(normalized.upper()).isCloseTo(Math.exp(Fence.factor(3, Fence.DEFAULT_LEVEL)
                * Math.sqrt(Fence.PRIOR_WEIGHT * Fence.PRIOR_SPREAD * Fence.PRIOR_SPREAD / (Fence.PRIOR_WEIGHT + 2))),
                within(1e-9));
        assertThat(raw.upper()).isGreaterThan(normalized.upper());
        // A run without slices leaves the raw scale.
        final List<RecordedRun> mixed = new ArrayList<>(runs);
        mixed.add(new RecordedRun(100_000, 15, Double.NaN, "t", "a", "cpu"));
        assertThat(Fence.of(mixed, 100_000, 2_000_000, true, Fence.DEFAULT_LEVEL).normalized()).isFalse();
    }

    /** A baseline pooled from runs, each of 15 samples. */
    private record Baseline(List<double[]> runSamples) {

        double[] pooled() {
            return runSamples.stream().flatMapToDouble(Arrays::stream).toArray();
        }

        double median() {
            return Summary.of(pooled()).median();
        }

        List<RecordedRun> runs() {
            return runSamples.stream().map(samples -> new RecordedRun(Summary.of(samples).median(), samples.length,
                    Double.NaN, "2026-12-04T00:00:00Z", "host", "AMD EPYC x2")).toList();
        }

        Optional<Judge.Recorded> recorded() {
            return Optional.of(new Judge.Recorded(Summary.of(pooled()), pooled(), ENV, NO_RULER, runs()));
        }

        Fence fence() {
            return Fence.of(runs(), median(), Double.NaN, false, Fence.DEFAULT_LEVEL);
        }
    }

    private static double[] run(long seed, double median) {
        return lognormal(seed, median, 0.03, 15);
    }

    /** A recorded run of fifteen samples with this median. */
    private static RecordedRun run(double median) {
        return new RecordedRun(median, 15, Double.NaN, "2026-12-04T00:00:00Z", "0123456789ab/ba9876543210",
                "AMD EPYC x2");
    }

    /** Runs whose medians drift by {@code drift} (sd of log) around {@code median}, samples noisy by {@code sigma}. */
    private static Baseline baseline(long seed, double median, double sigma, double drift, int runs) {
        final List<double[]> samples = new ArrayList<>();
        final double[] factors = lognormal(seed * 31, 1, drift, runs);
        for (int i = 0; i < runs; i++) {
            samples.add(lognormal(seed * 100 + i, median * factors[i], sigma, 15));
        }
        return new Baseline(samples);
    }
}
