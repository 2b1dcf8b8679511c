package dev.dbbench.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;

import dev.dbbench.config.EnvironmentPolicy;
import dev.dbbench.spec.TimingRule;
import dev.dbbench.stats.Summary;
import org.junit.jupiter.api.Test;

class JudgeTest {

    private static final TimingRule RULE = new TimingRule(25, 0.01, 3, 50, false, EnvironmentPolicy.WARN);
    private static final TimingRule NORMALIZING = new TimingRule(25, 0.01, 3, 50, true, EnvironmentPolicy.WARN);
    private static final SortedMap<String, String> ENV = new TreeMap<>(Map.of("engine.version", "17.6"));
    private static final SortedMap<String, Double> RULER = new TreeMap<>(Map.of("jvm", 1e7, "engine", 2e7));

    @Test
    void unchangedSamplesPass() {
        final double[] samples = lognormal(1, 100_000, 0.05, 15);

        final Judgement judgement = judge(RULE, lognormal(2, 100_000, 0.05, 15), samples);

        assertThat(judgement.verdict()).isEqualTo(Verdict.PASS);
        assertThat(judgement.reason()).contains("within ±25%");
        assertThat(judgement.comparison().orElseThrow().ratioLow()).isLessThan(1.1);
    }

    @Test
    void doubledTimeIsARegressionWithTheNumbersInItsReason() {
        final Judgement judgement = judge(RULE, lognormal(3, 200_000, 0.05, 15), lognormal(4, 100_000, 0.05, 15));

        assertThat(judgement.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(judgement.ratio()).isBetween(1.8, 2.2);
        assertThat(judgement.comparison().orElseThrow().pSlower()).isLessThan(1e-5);
        assertThat(judgement.reason()).contains("beyond +25%").contains("p = ").contains("interval [");
    }

    @Test
    void halvedTimeIsAnImprovement() {
        final Judgement judgement = judge(RULE, lognormal(5, 50_000, 0.05, 15), lognormal(6, 100_000, 0.05, 15));

        assertThat(judgement.verdict()).isEqualTo(Verdict.IMPROVEMENT);
    }

    @Test
    void slowdownWithinTheThresholdPassesWhenTheIntervalIsNarrow() {
        final Judgement judgement = judge(RULE, lognormal(7, 110_000, 0.02, 15), lognormal(8, 100_000, 0.02, 15));

        assertThat(judgement.verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void exactlyTheThresholdIsNotBeyondItForAnyThreshold() {
        for (int threshold = 0; threshold <= 100; threshold++) {
            final TimingRule rule = new TimingRule(threshold, 0.01, 0, 50, false, EnvironmentPolicy.WARN);
            final double slower = 100 + threshold;
            assertThat(judge(rule, constant(slower, 15), constant(100, 15)).verdict())
                    .as("+%d%% against +%d%%", threshold, threshold).isEqualTo(Verdict.PASS);
            assertThat(judge(rule, constant(100, 15), constant(slower, 15)).verdict())
                    .as("-%d%% against +%d%%", threshold, threshold).isEqualTo(Verdict.PASS);
        }
    }

    @Test
    void tooFewSamplesForAlphaAreInconclusiveAndSayHowManyAreNeeded() {
        final Judgement judgement = judge(RULE, constant(300, 3), constant(100, 3));

        assertThat(judgement.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(judgement.reason()).isEqualTo("3 vs 3 samples can never reach p < 0.01; use at least 5 samples; "
                + Judge.SINGLE_RUN_NOTE);
    }

    @Test
    void noisySamplesThatCannotRuleOutTheThresholdAreInconclusive() {
        final Judgement judgement = judge(RULE, lognormal(9, 100_000, 0.6, 15), lognormal(10, 100_000, 0.6, 15));

        assertThat(judgement.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(judgement.reason()).contains("too wide to rule out a change beyond ±25%");
        assertThat(judgement.minimumDetectableRatio()).isGreaterThan(1.25);
    }

    @Test
    void significantButTinySlowdownBeyondTheThresholdNeedsTheIntervalToClearTheNoiseFloor() {
        final TimingRule tight = new TimingRule(1, 0.01, 3, 50, false, EnvironmentPolicy.WARN);

        final Judgement judgement = judge(tight, lognormal(11, 102_000, 0.005, 30), lognormal(12, 100_000, 0.005, 30));

        assertThat(judgement.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(judgement.reason()).contains("does not clear the 3% noise floor");
    }

    @Test
    void movedRulerMakesTimingsIncomparable() {
        final SortedMap<String, Double> slowMachine = new TreeMap<>(Map.of("jvm", 2.2e7, "engine", 4.4e7));

        final Judgement judgement = new Judge(RULE).judge(lognormal(13, 200_000, 0.05, 15), ENV, slowMachine,
                recorded(lognormal(14, 100_000, 0.05, 15)));

        assertThat(judgement.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(judgement.rulerRatio()).isCloseTo(2.2, within(1e-9));
        assertThat(judgement.reason()).contains("machine-speed ruler moved 2.20x");
    }

    @Test
    void aChangeFarBeyondWhatAMovedRulerExplainsIsStillFound() {
        // The CI case: a 5 ms sleep made a 110 µs query 32x slower while the ruler read 1.75x.
        final SortedMap<String, Double> movedReading = new TreeMap<>(Map.of("jvm", 1.75e7, "engine", 3.5e7));

        final Judgement judgement = new Judge(NORMALIZING).judge(lognormal(31, 3_200_000, 0.05, 15), ENV,
                movedReading, recorded(lognormal(32, 100_000, 0.05, 15)));

        assertThat(judgement.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(judgement.reason()).contains("the machine-speed ruler moved 1.75x (more than 50%), and divided by"
                + " it still median 18.");
    }

    @Test
    void aChangeTheMovedRulerCouldExplainIsInconclusiveWithBothReadings() {
        final SortedMap<String, Double> movedReading = new TreeMap<>(Map.of("jvm", 1.75e7, "engine", 3.5e7));

        final Judgement judgement = new Judge(NORMALIZING).judge(lognormal(33, 160_000, 0.05, 15), ENV,
                movedReading, recorded(lognormal(34, 100_000, 0.05, 15)));

        assertThat(judgement.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(judgement.reason()).contains("cannot be compared; raw regression, divided by the ruler pass");
    }

    @Test
    void normalizationDividesByTheRulerRatio() {
        final SortedMap<String, Double> slowerMachine = new TreeMap<>(Map.of("jvm", 1.4e7, "engine", 2.8e7));
        final double[] current = lognormal(15, 140_000, 0.03, 15);
        final Optional<Judge.Recorded> baseline = recorded(lognormal(16, 100_000, 0.03, 15));

        final Judgement raw = new Judge(RULE).judge(current, ENV, slowerMachine, baseline);
        final Judgement normalized = new Judge(NORMALIZING)
                .judge(current, ENV, slowerMachine, baseline);

        assertThat(raw.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(normalized.verdict()).isEqualTo(Verdict.PASS);
        assertThat(normalized.reason()).contains("(normalized by the ruler)");
    }

    @Test
    void aRulerThatReadsFasterCannotTurnUnchangedTimingsIntoARegression() {
        // The CI case that motivated the rule: raw timings 1.03x, ruler 0.79x, normalized 1.3x.
        final SortedMap<String, Double> fasterReading = new TreeMap<>(Map.of("jvm", 0.79e7, "engine", 1.58e7));
        final double[] current = lognormal(17, 103_000, 0.03, 15);
        final Optional<Judge.Recorded> baseline = recorded(lognormal(18, 100_000, 0.03, 15));

        final Judgement judgement = new Judge(NORMALIZING)
                .judge(current, ENV, fasterReading, baseline);

        assertThat(judgement.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(judgement.ratio()).isBetween(1.26, 1.36);
        assertThat(judgement.reason())
                .startsWith("a regression only once divided by the machine-speed ruler (0.79x the baseline run's): ")
                .contains("median 1.3")
                .contains("; the raw timings say pass, interval [");
    }

    @Test
    void aRegressionTheRawTimingsShowAsWellStaysARegressionWhenNormalized() {
        final SortedMap<String, Double> fasterReading = new TreeMap<>(Map.of("jvm", 0.9e7, "engine", 1.8e7));

        final Judgement judgement = new Judge(NORMALIZING).judge(lognormal(19, 200_000, 0.03, 15), ENV,
                fasterReading, recorded(lognormal(20, 100_000, 0.03, 15)));

        assertThat(judgement.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(judgement.ratio()).isBetween(2.1, 2.35);
        assertThat(judgement.reason()).contains("(normalized by the ruler); " + Judge.SINGLE_RUN_NOTE);
    }

    @Test
    void anImprovementOnlyTheRulerShowsIsInconclusive() {
        final SortedMap<String, Double> slowerReading = new TreeMap<>(Map.of("jvm", 1.25e7, "engine", 2.5e7));

        final Judgement judgement = new Judge(new TimingRule(20, 0.01, 3, 50, true, EnvironmentPolicy.WARN))
                .judge(lognormal(21, 100_000, 0.03, 15), ENV, slowerReading,
                        recorded(lognormal(22, 100_000, 0.03, 15)));

        assertThat(judgement.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(judgement.reason()).startsWith("an improvement only once divided")
                .contains("the raw timings say pass");
    }

    @Test
    void noBaselineIsNew() {
        final Judgement judgement = new Judge(RULE).judge(constant(100, 5), ENV, RULER, Optional.empty());

        assertThat(judgement.verdict()).isEqualTo(Verdict.NEW);
        assertThat(judgement.ratio()).isNaN();
    }

    @Test
    void environmentChangesListAddedRemovedAndChangedKeys() {
        final SortedMap<String, String> before = new TreeMap<>(Map.of("a", "1", "b", "2", "c", "3"));
        final SortedMap<String, String> after = new TreeMap<>(Map.of("b", "2", "c", "4", "d", "5"));

        assertThat(Judge.changes(before, after)).containsExactly(
                new EnvironmentChange("a", "1", "-"),
                new EnvironmentChange("c", "3", "4"),
                new EnvironmentChange("d", "-", "5"));
        assertThat(Judge.changes(before, before)).isEmpty();
    }

    @Test
    void refusePolicyComparesOnlyTheSameEngineAndCpu() {
        final TimingRule refuse = new TimingRule(25, 0.01, 3, 50, false, EnvironmentPolicy.REFUSE);
        final double[] current = lognormal(21, 200_000, 0.03, 15);
        final Optional<Judge.Recorded> baseline = recorded(lognormal(22, 100_000, 0.03, 15));
        final SortedMap<String, String> upgraded = new TreeMap<>(Map.of("engine.version", "18.0"));
        final SortedMap<String, String> newJvm = new TreeMap<>(ENV);
        newJvm.put("jvm", "21");

        final Judgement refused = new Judge(refuse).judge(current, upgraded, RULER, baseline);
        final Judgement warned = new Judge(RULE).judge(current, upgraded, RULER, baseline);

        assertThat(refused.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(refused.reason()).contains("engine.version 17.6 -> 18.0", "dbbench.environment.mismatch=refuse");
        assertThat(warned.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(warned.environmentChanges()).containsExactly(new EnvironmentChange("engine.version", "17.6", "18.0"));
        // Only engine and CPU facts refuse: another JVM is listed but still compared.
        assertThat(new Judge(refuse).judge(current, newJvm, RULER, baseline).verdict()).isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void confirmedRegressionKeepsBothPasses() {
        final Judgement first = judge(RULE, lognormal(17, 200_000, 0.05, 15), lognormal(18, 100_000, 0.05, 15));
        final Judgement again = judge(RULE, lognormal(19, 210_000, 0.05, 15), lognormal(18, 100_000, 0.05, 15));

        final Judgement confirmed = Judge.confirm(first, again);

        assertThat(confirmed.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(confirmed.firstPass()).contains(first);
        assertThat(confirmed.reason()).startsWith("confirmed by a re-run: first median");
    }

    @Test
    void regressionThatARerunDoesNotRepeatIsInconclusive() {
        final Judgement first = judge(RULE, lognormal(20, 200_000, 0.05, 15), lognormal(21, 100_000, 0.05, 15));
        final Judgement again = judge(RULE, lognormal(22, 100_000, 0.05, 15), lognormal(21, 100_000, 0.05, 15));

        final Judgement cleared = Judge.confirm(first, again);

        assertThat(cleared.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(cleared.reason()).startsWith("regression not confirmed by a re-run").contains("re-run pass, interval");
    }

    @Test
    void impossibleRulesAreRejected() {
        assertThatThrownBy(() -> new TimingRule(-1, 0.01, 3, 50, false, EnvironmentPolicy.WARN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TimingRule(25, 0.7, 3, 50, false, EnvironmentPolicy.WARN)).isInstanceOf(IllegalArgumentException.class);
    }

    private static Judgement judge(TimingRule rule, double[] current, double[] baseline) {
        return new Judge(rule).judge(current, ENV, RULER, recorded(baseline));
    }

    private static Optional<Judge.Recorded> recorded(double[] baseline) {
        return Optional.of(new Judge.Recorded(Summary.of(baseline), baseline, ENV, RULER));
    }

    private static double[] constant(double value, int n) {
        final double[] samples = new double[n];
        Arrays.fill(samples, value);
        return samples;
    }

    /** Log-normal samples around a median, with a fixed seed so each test sees the same data every run. */
    static double[] lognormal(long seed, double median, double sigma, int n) {
        final SplittableRandom random = new SplittableRandom(seed);
        final double[] samples = new double[n];
        for (int i = 0; i < n; i++) {
            samples[i] = median * Math.exp(sigma * gaussian(random));
        }
        return samples;
    }

    private static double gaussian(SplittableRandom random) {
        // Box-Muller: enough for test data, and SplittableRandom has no nextGaussian on Java 17.
        final double u = 1 - random.nextDouble();
        final double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
