package dev.dbbench.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class PlanJudgeTest {

    private static final PlanJudge.Expectations NONE = new PlanJudge.Expectations(List.of(), List.of(), false,
            PlanJudge.Expectations.UNLIMITED);

    @Test
    void identicalPlansAndCountersGiveNoFinding() {
        assertThat(new PlanJudge().judge(explained(indexScan(100)), List.of(indexScan(100)), NONE)).isEmpty();
    }

    @Test
    void changedShapeFailsWithBothPlansSideBySide() {
        final List<PlanFinding> findings = new PlanJudge().judge(explained(seqScan(100)), List.of(indexScan(100)), NONE);

        assertThat(findings).hasSize(1);
        assertThat(findings.get(0).kind()).isEqualTo(PlanFinding.Kind.PLAN_CHANGED);
        assertThat(findings.get(0).fails()).isTrue();
        assertThat(findings.get(0).detail()).contains("baseline", "current", "Index Scan on t using t_k_idx ≠ Seq Scan on t");
    }

    @Test
    void countersFailOnlyBeyondToleranceAndFloor() {
        assertThat(new PlanJudge().judge(explained(indexScan(119)), List.of(indexScan(100)), NONE)).isEmpty();
        assertThat(new PlanJudge().judge(explained(indexScan(10)), List.of(indexScan(2)), NONE)).isEmpty();
        final List<PlanFinding> more = new PlanJudge().judge(explained(indexScan(150)), List.of(indexScan(100)), NONE);
        assertThat(more).extracting(PlanFinding::kind).containsExactly(PlanFinding.Kind.MORE_WORK);
        assertThat(more.get(0).detail()).isEqualTo("shared blocks 100 -> 150");
        final List<PlanFinding> less = new PlanJudge().judge(explained(indexScan(50)), List.of(indexScan(100)), NONE);
        assertThat(less).extracting(PlanFinding::fails).containsExactly(false);
    }

    @Test
    void declaredExpectationsHoldWithoutABaseline() {
        final PlanJudge.Expectations strict = new PlanJudge.Expectations(List.of("t_k_idx"), List.of("t"), false, 1);

        final List<PlanFinding> findings = new PlanJudge().judge(
                new PlanExplainer.Explained(List.of(seqScan(100)), List.of(), 3), List.of(), strict);

        assertThat(findings).extracting(PlanFinding::detail).anySatisfy(detail ->
                assertThat(detail).startsWith("@UsesIndex(\"t_k_idx\"): no statement's plan uses it"));
        assertThat(findings).extracting(PlanFinding::detail).anySatisfy(detail ->
                assertThat(detail).startsWith("@NoSeqScan: sequential scan on t"));
        assertThat(findings).extracting(PlanFinding::detail).anySatisfy(detail ->
                assertThat(detail).startsWith("@MaxStatements(1): one call executed 3 statements"));
        assertThat(new PlanJudge().judge(new PlanExplainer.Explained(List.of(indexScan(100)), List.of(), 1),
                List.of(), strict)).isEmpty();
    }

    private static PlanExplainer.Explained explained(StatementPlan plan) {
        return new PlanExplainer.Explained(List.of(plan), List.of(), 1);
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
