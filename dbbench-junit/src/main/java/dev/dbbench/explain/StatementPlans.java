package dev.dbbench.explain;

import java.util.List;

/**
 * What PostgreSQL did for the statements of one call of a benchmark body.
 *
 * @param statementsPerOp statements one call executed, counting repeats and those not explained
 * @param notExplained statements EXPLAIN could not take, each with the reason
 */
public record StatementPlans(List<StatementPlan> plans, int statementsPerOp, List<String> notExplained) {

    public StatementPlans {
        plans = List.copyOf(plans);
        notExplained = List.copyOf(notExplained);
    }

    /** Shared blocks one call of the body touches: each statement's, times its executions. */
    public long sharedBlocksPerOp() {
        return plans.stream().mapToLong(plan -> plan.sharedBlocks() * plan.executionsPerOp()).sum();
    }

    /** Plans as a baseline stores them: the executions of the explained statements are all it knows. */
    public static StatementPlans stored(List<StatementPlan> plans) {
        return new StatementPlans(plans, plans.stream().mapToInt(StatementPlan::executionsPerOp).sum(), List.of());
    }
}
