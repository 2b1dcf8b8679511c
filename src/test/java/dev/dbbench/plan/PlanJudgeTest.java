package dev.dbbench.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.util.List;

import org.junit.jupiter.api.Test;

class PlanJudgeTest {

    private static final PlanJudge.Expectations NONE = new PlanJudge.Expectations(List.of(), List.of(), false,
            PlanJudge.Expectations.UNLIMITED);

    @Test
    void identicalPlansAndCountersGiveNoFinding() {
        assertThat(findings(indexScan(100), indexScan(100))).isEmpty();
    }

    @Test
    void changedShapeFailsWithBothPlansSideBySide() {
        final List<PlanFinding> findings = findings(seqScan(100), indexScan(100));

        assertThat(findings).hasSize(1);
        assertThat(findings.get(0).kind()).isEqualTo(PlanFinding.Kind.PLAN_CHANGED);
        assertThat(findings.get(0).fails()).isTrue();
        assertThat(findings.get(0).detail()).contains("baseline", "current", "Index Scan on t using t_k_idx ≠ Seq Scan on t");
    }

    @Test
    void countersFailOnlyBeyondToleranceAndFloor() {
        assertThat(findings(indexScan(119), indexScan(100))).isEmpty();
        assertThat(findings(indexScan(10), indexScan(2))).isEmpty();
        final List<PlanFinding> more = findings(indexScan(150), indexScan(100));
        assertThat(more).extracting(PlanFinding::kind).containsExactly(PlanFinding.Kind.MORE_WORK);
        assertThat(more.get(0).detail()).isEqualTo("shared blocks 100 -> 150");
        final List<PlanFinding> less = findings(indexScan(50), indexScan(100));
        assertThat(less).extracting(PlanFinding::fails).containsExactly(false);
    }

    @Test
    void declaredExpectationsHoldWithoutABaseline() {
        final PlanJudge.Expectations strict = new PlanJudge.Expectations(List.of("t_k_idx"), List.of("t"), false, 1);

        final List<PlanFinding> findings = new PlanJudge().judge(
                new PlanExplainer.Explained(List.of(seqScan(100)), List.of(), 3, List.of()), List.of(), List.of(),
                strict);

        assertThat(findings).extracting(PlanFinding::detail).anySatisfy(detail ->
                assertThat(detail).startsWith("@UsesIndex(\"t_k_idx\"): no statement's plan uses it"));
        assertThat(findings).extracting(PlanFinding::detail).anySatisfy(detail ->
                assertThat(detail).startsWith("@NoSeqScan: sequential scan on t"));
        assertThat(findings).extracting(PlanFinding::detail).anySatisfy(detail ->
                assertThat(detail).startsWith("@MaxStatements(1): one call executed 3 statements"));
        assertThat(new PlanJudge().judge(new PlanExplainer.Explained(List.of(indexScan(100)), List.of(), 1, List.of()),
                List.of(), List.of(), strict)).isEmpty();
    }

    @Test
    void storageGrowthFailsBeyondToleranceAndSixteenPagesWhileShrinkingIsReported() {
        final List<RelationSize> baseline = List.of(new RelationSize("t", 800_000, 200_000, 0, 1_000_000));
        final RelationSize slightlyBigger = new RelationSize("t", 900_000, 250_000, 0, 1_150_000);
        final RelationSize bloated = new RelationSize("t", 1_400_000, 200_000, 0, 1_600_000);
        final RelationSize lostIndex = new RelationSize("t", 800_000, 0, 0, 800_000);

        assertThat(new PlanJudge().judge(stored(slightlyBigger), List.of(indexScan(100)), baseline, NONE)).isEmpty();
        final List<PlanFinding> more = new PlanJudge().judge(stored(bloated), List.of(indexScan(100)), baseline, NONE);
        assertThat(more).singleElement().satisfies(finding -> {
            assertThat(finding.kind()).isEqualTo(PlanFinding.Kind.MORE_WORK);
            assertThat(finding.statement()).isEqualTo("table t");
            assertThat(finding.detail()).isEqualTo("total size in bytes 1000000 -> 1600000");
            assertThat(finding.fails()).isTrue();
        });
        assertThat(new PlanJudge().judge(stored(lostIndex), List.of(indexScan(100)), baseline, NONE))
                .extracting(PlanFinding::kind, PlanFinding::fails)
                .containsExactly(tuple(PlanFinding.Kind.LESS_WORK, false));
        final List<RelationSize> tiny = List.of(new RelationSize("t", 8192, 16_384, 0, 24_576));
        assertThat(new PlanJudge().judge(stored(new RelationSize("t", 8192, 49_152, 0, 57_344)),
                List.of(indexScan(100)), tiny, NONE)).isEmpty();
    }

    private static List<PlanFinding> findings(StatementPlan current, StatementPlan baseline) {
        return new PlanJudge().judge(explained(current), List.of(baseline), List.of(), NONE);
    }

    private static PlanExplainer.Explained stored(RelationSize size) {
        return new PlanExplainer.Explained(List.of(indexScan(100)), List.of(), 1, List.of(size));
    }

    private static PlanExplainer.Explained explained(StatementPlan plan) {
        return new PlanExplainer.Explained(List.of(plan), List.of(), 1, List.of());
    }

    private static StatementPlan indexScan(long blocks) {
        return new StatementPlan("SELECT v FROM t WHERE k = ?", 1, List.of("Index Scan on t using t_k_idx"), 1, blocks,
                0, List.of(), List.of("t_k_idx"));
    }

    private static StatementPlan seqScan(long blocks) {
        return new StatementPlan("SELECT v FROM t WHERE k = ?", 1, List.of("Seq Scan on t"), 1, blocks, 0,
                List.of("t"), List.of());
    }
}
