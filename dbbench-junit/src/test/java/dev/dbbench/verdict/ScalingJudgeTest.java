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
        assertThat(judgement.counts().get(0).fit().growth()).isEqualTo(Growth.LOGARITHMIC);
        assertThat(judgement.reason()).isEqualTo("within at most logarithmic: shared blocks 1.67x from rows=1,000 to"
                + " rows=100,000, allowed 2.50x (fits logarithmic, ~ n^0.11, R² 0.99)");
    }

    @Test
    void aScanMissesLogarithmicAndMeetsLinear() {
        final ScalingJudgement missed = judge(Growth.LOGARITHMIC, 16, 105, 843);

        assertThat(missed.verdict()).isEqualTo(ScalingVerdict.MISSED);
        assertThat(missed.counts().get(0).within()).isFalse();
        assertThat(missed.counts().get(0).fit().growth()).isEqualTo(Growth.LINEAR);
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
        assertThat(judgement.reason()).isEqualTo("no count (server instructions, shared blocks, statements) was measured at every"
                + " value of rows");
    }

    @Test
    void growthFasterThanQuadraticIsCalledQuadraticWithItsOwnExponent() {
        final CountGrowth growth = judge(Growth.QUADRATIC, 1, 1_000, 10_000_000).counts().get(0);

        assertThat(growth.fit().growth()).isEqualTo(Growth.QUADRATIC);
        assertThat(growth.fit().describe()).isEqualTo("quadratic, ~ n^3.50, R² 0.99");
    }

    @Test
    void anNPlusOneFailsABoundOnStatementsAndIsNamedWithItsGrowth() {
        final List<Long> topics = List.of(10L, 100L, 1_000L);
        final ScalingJudgement judgement = ScalingJudge.judge(Growth.LINEAR, Growth.CONSTANT, "topics", topics,
                List.of(new ScalingJudge.Count("shared blocks", List.of(30L, 210L, 2_050L), 0),
                        new ScalingJudge.Count("statements", List.of(11L, 101L, 1_001L), 0,
                                Optional.of(Growth.CONSTANT))),
                List.of(new ScalingJudge.Series("time (median)", List.of(400_000.0, 3_500_000.0, 36_000_000.0), true)),
                List.of(new ScalingJudge.Statement("SELECT id FROM topic", List.of(1L, 1L, 1L)),
                        new ScalingJudge.Statement("SELECT body\n  FROM post WHERE topic_id = ?",
                                List.of(10L, 100L, 1_000L))));

        assertThat(judgement.verdict()).isEqualTo(ScalingVerdict.MISSED);
        assertThat(judgement.counts()).extracting(CountGrowth::within).containsExactly(true, false);
        assertThat(judgement.statements()).singleElement().satisfies(statement -> {
            assertThat(statement.within()).isFalse();
            assertThat(statement.fit().growth()).isEqualTo(Growth.LINEAR);
        });
        assertThat(judgement.informing()).singleElement().satisfies(time -> assertThat(time.fit().growth())
                .isEqualTo(Growth.LINEAR));
        assertThat(judgement.reason()).isEqualTo("beyond at most linear: statements 91.00x from topics=10 to"
                + " topics=1,000, allowed 1.50x (at most constant) (fits linear, ~ n^0.98, R² 1.00); statement SELECT"
                + " body FROM post WHERE topic_id = ? ran 10x at topics=10, 100x at topics=100, 1,000x at"
                + " topics=1,000 (fits linear, ~ n^1.00, R² 1.00), allowed at most constant: run once per item, an N+1");
    }

    @Test
    void aStatementGrowingWithinItsBoundIsReportedAndPasses() {
        final ScalingJudgement judgement = ScalingJudge.judge(Growth.LINEAR, Growth.LINEAR, "rows", ROWS,
                List.of(new ScalingJudge.Count("statements", List.of(2L, 11L, 101L), 0)), List.of(),
                List.of(new ScalingJudge.Statement("INSERT INTO t VALUES (?)", List.of(1L, 10L, 100L)),
                        new ScalingJudge.Statement("COMMIT", List.of(1L, 1L, 1L))));

        assertThat(judgement.verdict()).isEqualTo(ScalingVerdict.MET);
        assertThat(judgement.statements()).extracting(StatementGrowth::statement)
                .containsExactly("INSERT INTO t VALUES (?)");
        assertThat(judgement.statements().get(0).within()).isTrue();
    }

    @Test
    void anNPlusOneAmongStatementsThatDoNotGrowFailsThoughTheTotalStaysWithin() {
        final ScalingJudgement judgement = ScalingJudge.judge(Growth.CONSTANT, Growth.CONSTANT, "rows", ROWS,
                List.of(new ScalingJudge.Count("statements", List.of(201L, 202L, 204L), 0)), List.of(),
                List.of(new ScalingJudge.Statement("SELECT * FROM config WHERE key = ?", List.of(200L, 200L, 200L)),
                        new ScalingJudge.Statement("SELECT * FROM audit WHERE id = ?", List.of(1L, 2L, 4L))));

        assertThat(judgement.counts().get(0).within()).isTrue();
        assertThat(judgement.verdict()).isEqualTo(ScalingVerdict.MISSED);
        assertThat(judgement.reason()).contains("statement SELECT * FROM audit WHERE id = ? ran 1x at rows=1,000");
    }

    private static ScalingJudgement judge(Growth atMost, long... blocks) {
        return ScalingJudge.judge(atMost, "rows", ROWS,
                List.of(new ScalingJudge.Count("shared blocks", List.of(blocks[0], blocks[1], blocks[2]), 0)));
    }
}
