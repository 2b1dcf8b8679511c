package dev.dbbench.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;

import dev.dbbench.api.Growth;
import org.junit.jupiter.api.Test;

class ScalingJudgeTest {

    private static final List<Long> ROWS = List.of(1_000L, 10_000L, 100_000L);

    @Test
    void anIndexLookupGainingALevelMeetsLogarithmic() {
        final ScalingJudgement judgement = judge(Growth.LOGARITHMIC, 3, 4, 5);

        assertThat(judgement.verdict()).isEqualTo(ScalingVerdict.MET);
        assertThat(judgement.counts().get(0).fitted()).contains(Growth.LOGARITHMIC);
        assertThat(judgement.reason()).isEqualTo("within at most logarithmic: shared blocks 1.67x from rows=1,000 to"
                + " rows=100,000, allowed 2.50x (fits logarithmic, ~ n^0.11)");
    }

    @Test
    void aScanMissesLogarithmicAndMeetsLinear() {
        final ScalingJudgement missed = judge(Growth.LOGARITHMIC, 16, 105, 843);

        assertThat(missed.verdict()).isEqualTo(ScalingVerdict.MISSED);
        assertThat(missed.counts().get(0).within()).isFalse();
        assertThat(missed.counts().get(0).fitted()).contains(Growth.LINEAR);
        assertThat(missed.reason()).startsWith("beyond at most logarithmic: shared blocks 52.69x from rows=1,000 to"
                + " rows=100,000, allowed 2.50x");
        assertThat(judge(Growth.LINEAR, 16, 105, 843).verdict()).isEqualTo(ScalingVerdict.MET);
    }

    @Test
    void theValueWhereACountExceedsItsAllowanceMostIsTheOneReported() {
        final ScalingJudgement judgement = judge(Growth.LINEAR, 10, 1_000, 1_100);

        assertThat(judgement.verdict()).isEqualTo(ScalingVerdict.MISSED);
        assertThat(judgement.reason()).contains("100.00x from rows=1,000 to rows=10,000, allowed 15.00x");
    }

    @Test
    void everyCountMustStayWithinTheBound() {
        final ScalingJudgement judgement = ScalingJudge.judge(Growth.LOGARITHMIC, "rows", ROWS, List.of(
                new ScalingJudge.Count("server instructions", List.of(50_000L, 51_000L, 2_000_000L), 1_000),
                new ScalingJudge.Count("shared blocks", List.of(3L, 3L, 3L), 0)));

        assertThat(judgement.verdict()).isEqualTo(ScalingVerdict.MISSED);
        assertThat(judgement.counts()).extracting(CountGrowth::within).containsExactly(false, true);
        assertThat(judgement.reason()).startsWith("beyond at most logarithmic: server instructions 40.00x")
                .doesNotContain("shared blocks");
    }

    @Test
    void slackAbsorbsCountsThatDifferByAFewBetweenCalls() {
        final ScalingJudgement judgement = ScalingJudge.judge(Growth.CONSTANT, "rows", ROWS,
                List.of(new ScalingJudge.Count("server instructions", List.of(1_000L, 2_400L, 1_900L), 1_000)));

        assertThat(judgement.verdict()).isEqualTo(ScalingVerdict.MET);
    }

    @Test
    void withNoCountMeasuredAtEveryValueGrowthIsUnjudged() {
        final ScalingJudgement judgement = ScalingJudge.judge(Growth.LINEAR, "rows", ROWS, List.of());

        assertThat(judgement.verdict()).isEqualTo(ScalingVerdict.UNJUDGED);
        assertThat(judgement.reason()).isEqualTo("no count (server instructions, shared blocks) was measured at every"
                + " value of rows");
    }

    @Test
    void growthFasterThanQuadraticFitsNoBound() {
        final CountGrowth growth = judge(Growth.QUADRATIC, 1, 1_000, 10_000_000).counts().get(0);

        assertThat(growth.fitted()).isEqualTo(Optional.empty());
        assertThat(ScalingJudge.describe(growth)).isEqualTo("faster than quadratic, ~ n^3.50");
    }

    private static ScalingJudgement judge(Growth atMost, long... blocks) {
        return ScalingJudge.judge(atMost, "rows", ROWS,
                List.of(new ScalingJudge.Count("shared blocks", List.of(blocks[0], blocks[1], blocks[2]), 0)));
    }
}
