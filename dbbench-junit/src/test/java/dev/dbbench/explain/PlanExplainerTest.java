package dev.dbbench.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class PlanExplainerTest {

    /** The shape of PostgreSQL 17's EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) for a GIN-indexed containment query. */
    private static final String BITMAP_SCAN = """
            [{"Plan": {"Node Type": "Aggregate", "Strategy": "Plain", "Actual Rows": 1,
              "Shared Hit Blocks": 210, "Shared Read Blocks": 4, "Temp Read Blocks": 0, "Temp Written Blocks": 0,
              "Plans": [{"Node Type": "Bitmap Heap Scan", "Parent Relationship": "Outer",
                "Relation Name": "json_tables", "Alias": "json_tables", "Actual Rows": 2000,
                "Plans": [{"Node Type": "Bitmap Index Scan", "Parent Relationship": "Outer",
                  "Index Name": "json_tables_idx", "Actual Rows": 2000}]}]},
              "Planning Time": 0.2, "Execution Time": 5.1}]
            """;

    private static final String HASH_JOIN = """
            [{"Plan": {"Node Type": "Hash Join", "Join Type": "Inner", "Actual Rows": 7,
              "Shared Hit Blocks": 3, "Shared Read Blocks": 0, "Temp Read Blocks": 5, "Temp Written Blocks": 5,
              "Plans": [{"Node Type": "Seq Scan", "Relation Name": "orders", "Actual Rows": 100},
                        {"Node Type": "Hash", "Actual Rows": 10,
                         "Plans": [{"Node Type": "Seq Scan", "Relation Name": "customers", "Actual Rows": 10}]}]}}]
            """;

    @Test
    void shapeCountersScansAndIndexesComeFromThePlanTree() {
        final StatementPlan plan = new PlanExplainer().parse(
                new StatementLog.Entry("SELECT count(*) FROM json_tables WHERE data @> ?", 2, List.of("{}")),
                BITMAP_SCAN);

        assertThat(plan.shape()).containsExactly(
                "Aggregate",
                "  Bitmap Heap Scan on json_tables",
                "    Bitmap Index Scan using json_tables_idx");
        assertThat(plan.sharedBlocks()).isEqualTo(214);
        assertThat(plan.rows()).isEqualTo(1);
        assertThat(plan.executionsPerOp()).isEqualTo(2);
        assertThat(plan.seqScans()).isEmpty();
        assertThat(plan.indexes()).containsExactly("json_tables_idx");
    }

    @Test
    void joinTypeAndSpillingAreKept() {
        final StatementPlan plan = new PlanExplainer().parse(new StatementLog.Entry("SELECT ...", 1, List.of()),
                HASH_JOIN);

        assertThat(plan.shape()).containsExactly(
                "Hash Join (Inner)",
                "  Seq Scan on orders",
                "  Hash",
                "    Seq Scan on customers");
        assertThat(plan.tempBlocks()).isEqualTo(10);
        assertThat(plan.seqScans()).containsExactly("customers", "orders");
    }

    @Test
    void onlyQueriesAreExplainable() {
        assertThat(PlanExplainer.explainable("  SELECT 1")).isTrue();
        assertThat(PlanExplainer.explainable("with x as (select 1) select * from x")).isTrue();
        assertThat(PlanExplainer.explainable("INSERT INTO t VALUES (1)")).isTrue();
        assertThat(PlanExplainer.explainable("CREATE TABLE t (k int)")).isFalse();
        assertThat(PlanExplainer.explainable("TRUNCATE t")).isFalse();
        assertThat(PlanExplainer.explainable("COPY t FROM STDIN")).isFalse();
    }
}
