package dev.dbbench.explain;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * What PostgreSQL did for one statement of a benchmark, from {@code EXPLAIN (ANALYZE, BUFFERS)}:
 * deterministic facts that need no statistics to compare.
 *
 * @param statement the SQL text as the benchmark sent it
 * @param executionsPerOp how often one call of the body executed it
 * @param shape one line per plan node, indented by depth: node type, relation, index, join type
 * @param sharedBlocks shared buffer blocks hit plus read: the same whatever the cache held
 * @param tempBlocks temporary blocks read plus written (sorts and hashes spilling to disk)
 * @param seqScans relations read by a sequential scan
 * @param indexes indexes the plan used
 */
@JsonPropertyOrder({"statement", "executionsPerOp", "shape", "rows", "sharedBlocks", "tempBlocks", "seqScans", "indexes"})
public record StatementPlan(
        String statement,
        int executionsPerOp,
        List<String> shape,
        long rows,
        long sharedBlocks,
        long tempBlocks,
        List<String> seqScans,
        List<String> indexes) {

    public StatementPlan {
        shape = List.copyOf(shape);
        seqScans = List.copyOf(seqScans);
        indexes = List.copyOf(indexes);
    }
}
