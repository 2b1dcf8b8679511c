package dev.dbbench.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import dev.dbbench.stats.Summary;

class JudgeTest {

    private static final SortedMap<String, String> NO_ENVIRONMENT = new TreeMap<>();

    @Test
    void ratioIsCurrentMedianOverBaselineMedian() {
        final Judgement judgement = judge(25, 150, 120);

        assertThat(judgement.ratio()).isEqualTo(1.25);
    }

    @Test
    void judgementCarriesBothSummariesAndTheThreshold() {
        final Summary current = median(130);
        final Summary baseline = median(100);

        final Judgement judgement = new Judge(10).judge(current, NO_ENVIRONMENT,
                Optional.of(new Judge.Recorded(baseline, NO_ENVIRONMENT)));

        assertThat(judgement.current()).isSameAs(current);
        assertThat(judgement.baseline()).containsSame(baseline);
        assertThat(judgement.thresholdPercent()).isEqualTo(10);
    }

    @Test
    void slowdownOfExactlyTheThresholdPasses() {
        // The threshold is the allowed slowdown, so reaching it is still allowed.
        assertThat(judge(25, 125, 100).verdict()).isEqualTo(Verdict.PASS);
        assertThat(judge(10, 110, 100).verdict()).isEqualTo(Verdict.PASS);
        assertThat(judge(50, 1_500_000, 1_000_000).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void slowdownJustBeyondTheThresholdIsARegression() {
        assertThat(judge(25, Math.nextUp(125.0), 100).verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(judge(25, 125.1, 100).verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(judge(10, 111, 100).verdict()).isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void speedupOfExactlyTheThresholdPasses() {
        // Symmetric on a log scale: 25% slower is 1.25x, the matching speed-up is 1 / 1.25 = 0.8x.
        assertThat(judge(25, 100, 125).verdict()).isEqualTo(Verdict.PASS);
        assertThat(judge(10, 100, 110).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void speedupJustBeyondTheThresholdIsAnImprovement() {
        assertThat(judge(25, Math.nextDown(100.0), 125).verdict()).isEqualTo(Verdict.IMPROVEMENT);
        assertThat(judge(25, 79, 100).verdict()).isEqualTo(Verdict.IMPROVEMENT);
    }

    @Test
    void speedupBoundIsTheReciprocalOfTheSlowdownBoundNotOneMinusTheThreshold() {
        // 0.78x is inside 1 - 0.25 = 0.75 but beyond 1 / 1.25 = 0.8: an improvement under the reciprocal rule.
        assertThat(judge(25, 78, 100).verdict()).isEqualTo(Verdict.IMPROVEMENT);
        assertThat(judge(25, 81, 100).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void zeroThresholdFailsAnySlowdownAndPassesOnlyAnEqualMedian() {
        assertThat(judge(0, 100, 100).verdict()).isEqualTo(Verdict.PASS);
        assertThat(judge(0, Math.nextUp(100.0), 100).verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(judge(0, Math.nextDown(100.0), 100).verdict()).isEqualTo(Verdict.IMPROVEMENT);
    }

    @Test
    void onlyTheMedianDecidesNotTheTail() {
        // A p99 three times worse is noise to the gate; the median is what it guards.
        final Summary baseline = new Summary(15, 90, 100, 110, 120, 130, 100, 5, 3);
        final Summary current = new Summary(15, 90, 101, 300, 360, 400, 140, 80, 3);

        final Judgement judgement = new Judge(25).judge(current, NO_ENVIRONMENT,
                Optional.of(new Judge.Recorded(baseline, NO_ENVIRONMENT)));

        assertThat(judgement.verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void withoutBaselineTheVerdictIsNewWithNoRatio() {
        final Summary current = median(100);

        final Judgement judgement = new Judge(25).judge(current, new TreeMap<>(Map.of("os.name", "Linux")),
                Optional.empty());

        assertThat(judgement.verdict()).isEqualTo(Verdict.NEW);
        assertThat(judgement.ratio()).isNaN();
        assertThat(judgement.baseline()).isEmpty();
        assertThat(judgement.current()).isSameAs(current);
        // Nothing to compare the environment with, so nothing is reported as changed.
        assertThat(judgement.environmentChanges()).isEmpty();
        assertThat(judgement.thresholdPercent()).isEqualTo(25);
    }

    @Test
    void environmentChangesListAddedRemovedAndChangedKeysInKeyOrder() {
        final SortedMap<String, String> baseline = new TreeMap<>(Map.of(
                "cpu.count", "8", "engine.version", "17.5", "os.name", "Linux"));
        final SortedMap<String, String> current = new TreeMap<>(Map.of(
                "engine.version", "17.6", "java.version", "21", "os.name", "Linux"));

        final Judgement judgement = new Judge(25).judge(median(100), current,
                Optional.of(new Judge.Recorded(median(100), baseline)));

        assertThat(judgement.environmentChanges()).containsExactly(
                new EnvironmentChange("cpu.count", "8", "-"),
                new EnvironmentChange("engine.version", "17.5", "17.6"),
                new EnvironmentChange("java.version", "-", "21"));
    }

    @Test
    void environmentChangeReadsAsKeyBeforeAndAfter() {
        assertThat(new EnvironmentChange("engine.version", "17.5", "17.6")).hasToString("engine.version 17.5 -> 17.6");
    }

    @Test
    void equalEnvironmentsHaveNoChanges() {
        final SortedMap<String, String> environment = new TreeMap<>(Map.of("engine.version", "17.6", "os.name", "Linux"));

        final Judgement judgement = new Judge(25).judge(median(100), new TreeMap<>(environment),
                Optional.of(new Judge.Recorded(median(100), new TreeMap<>(environment))));

        assertThat(judgement.environmentChanges()).isEmpty();
    }

    @Test
    void environmentChangesDoNotAffectTheVerdict() {
        final Judgement judgement = new Judge(25).judge(median(100), new TreeMap<>(Map.of("engine.version", "18")),
                Optional.of(new Judge.Recorded(median(100), new TreeMap<>(Map.of("engine.version", "17")))));

        assertThat(judgement.verdict()).isEqualTo(Verdict.PASS);
        assertThat(judgement.environmentChanges()).hasSize(1);
    }

    @Test
    void negativeThresholdIsRejectedNamingTheValue() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new Judge(-1))
                .withMessage("thresholdPercent must be >= 0 but was -1");
    }

    private static Judgement judge(int thresholdPercent, double currentMedian, double baselineMedian) {
        return new Judge(thresholdPercent).judge(median(currentMedian), NO_ENVIRONMENT,
                Optional.of(new Judge.Recorded(median(baselineMedian), NO_ENVIRONMENT)));
    }

    /** A summary whose other statistics are deliberately different from its median, so only the median can decide. */
    private static Summary median(double median) {
        return new Summary(15, median / 2, median, median * 3, median * 4, median * 5, median * 2, median, median / 10);
    }
}
