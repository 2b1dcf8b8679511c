package dev.dbbench.verdict;

import java.util.List;

/**
 * How often one statement ran per call at each value of a benchmark's parameter, when that changed
 * with the value: an N+1 shows as one statement whose executions grow like the parameter.
 *
 * @param statement the statement's text, as the benchmark sent it
 * @param executions its executions per call at each value, smallest value first; zero where it did not run
 * @param fit how its executions grew
 * @param within whether they stayed within the bound on statements
 */
public record StatementGrowth(String statement, List<Long> executions, GrowthFit fit, boolean within) {

    public StatementGrowth {
        executions = List.copyOf(executions);
    }
}
