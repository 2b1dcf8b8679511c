package dev.dbbench.metric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.util.List;

import dev.dbbench.explain.RelationSize;
import dev.dbbench.explain.StatementPlan;
import dev.dbbench.explain.StatementPlans;
import dev.dbbench.spec.PlanExpectations;

import org.junit.jupiter.api.Test;

class PlanJudgeTest {

    private static final PlanExpectations NONE = PlanExpectations.NONE;

    @Test
    void identicalPlansAndCountersGiveNoFinding() {
        assertThat(findings(indexScan(100), indexScan(100))).isEmpty();
    }

    @Test
    void changedShapeFailsWithBothPlansSideBySide() {
        final List<Finding> findings = findings(seqScan(100), indexScan(100));

        assertThat(findings).hasSize(1);
        assertThat(findings.get(0).kind()).isEqualTo(Finding.Kind.PLAN_CHANGED);
        assertThat(findings.get(0).fails()).isTrue();
        assertThat(findings.get(0).detail()).startsWith("plan changed (Index Scan on t using t_k_idx became Seq Scan on t):\n")
                .contains("baseline", "current", "Index Scan on t using t_k_idx ≠ Seq Scan on t");
    }

    @Test
    void theFirstChangeNamesTheNodeThatDifferedOrTheOneAddedOrGone() {
        final List<String> indexed = List.of("Sort", "  Index Scan on t using t_k_idx");

        assertThat(PlanJudge.firstChange(indexed, List.of("Sort", "  Seq Scan on t")))
                .isEqualTo("Index Scan on t using t_k_idx became Seq Scan on t");
        assertThat(PlanJudge.firstChange(indexed, List.of("Sort", "  Index Scan on t using t_k_idx", "  Memoize")))
                .isEqualTo("Memoize added");
        assertThat(PlanJudge.firstChange(indexed, List.of("Sort"))).isEqualTo("Index Scan on t using t_k_idx gone");
    }

    @Test
    void countersFailOnlyBeyondToleranceAndFloor() {
        assertThat(findings(indexScan(119), indexScan(100))).isEmpty();
        assertThat(findings(indexScan(10), indexScan(2))).isEmpty();
        final List<Finding> more = findings(indexScan(150), indexScan(100));
        assertThat(more).extracting(Finding::kind).containsExactly(Finding.Kind.MORE_WORK);
        assertThat(more.get(0).detail()).isEqualTo("shared blocks 100 -> 150");
        final List<Finding> less = findings(indexScan(50), indexScan(100));
        assertThat(less).extracting(Finding::fails).containsExactly(false);
    }

    @Test
    void declaredExpectationsHoldWithoutABaseline() {
        final PlanExpectations strict = new PlanExpectations(List.of("t_k_idx"), List.of("t"), false, 1);

        final List<Finding> findings = PlanJudge.plans(new StatementPlans(List.of(seqScan(100)), 3, List.of()),
                List.of(), strict);

        assertThat(findings).extracting(Finding::detail).anySatisfy(detail ->
                assertThat(detail).startsWith("@UsesIndex(\"t_k_idx\"): no statement's plan uses it"));
        assertThat(findings).extracting(Finding::detail).anySatisfy(detail ->
                assertThat(detail).startsWith("@NoSeqScan: sequential scan on t"));
        assertThat(findings).extracting(Finding::detail).anySatisfy(detail ->
                assertThat(detail).startsWith("@MaxStatements(1): one call executed 3 statements"));
        assertThat(PlanJudge.plans(new StatementPlans(List.of(indexScan(100)), 1, List.of()), List.of(), strict))
                .isEmpty();
    }

    @Test
    void storageGrowthFailsBeyondToleranceAndSixteenPagesWhileShrinkingIsReported() {
        final List<RelationSize> baseline = List.of(new RelationSize("t", 800_000, 200_000, 0, 1_000_000));
        final RelationSize slightlyBigger = new RelationSize("t", 900_000, 250_000, 0, 1_150_000);
        final RelationSize bloated = new RelationSize("t", 1_400_000, 200_000, 0, 1_600_000);
        final RelationSize lostIndex = new RelationSize("t", 800_000, 0, 0, 800_000);

        assertThat(PlanJudge.storage(List.of(slightlyBigger), baseline)).isEmpty();
        final List<Finding> more = PlanJudge.storage(List.of(bloated), baseline);
        assertThat(more).singleElement().satisfies(finding -> {
            assertThat(finding.kind()).isEqualTo(Finding.Kind.MORE_WORK);
            assertThat(finding.subject()).isEqualTo("table t");
            assertThat(finding.detail()).isEqualTo("total size in bytes 1000000 -> 1600000");
            assertThat(finding.fails()).isTrue();
        });
        assertThat(PlanJudge.storage(List.of(lostIndex), baseline))
                .extracting(Finding::kind, Finding::fails)
                .containsExactly(tuple(Finding.Kind.LESS_WORK, false));
        final List<RelationSize> tiny = List.of(new RelationSize("t", 8192, 16_384, 0, 24_576));
        assertThat(PlanJudge.storage(List.of(new RelationSize("t", 8192, 49_152, 0, 57_344)), tiny)).isEmpty();
    }

    private static List<Finding> findings(StatementPlan current, StatementPlan baseline) {
        return PlanJudge.plans(new StatementPlans(List.of(current), 1, List.of()), List.of(baseline), NONE);
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
