package dev.dbbench.verdict;

import java.util.List;

import dev.dbbench.api.Growth;

/**
 * The verdict on one {@code @ExpectScaling} across the values of a parameter, with the figures behind it.
 *
 * @param statementsAtMost the growth allowed for the statements a call runs, in total and each
 * @param parameter the parameter's name, such as {@code rows}
 * @param values its values, smallest first
 * @param counts how each judged count measured at every value grew
 * @param informing how the figures that inform without being judged grew: time, round trips, rows
 * @param statements the statements whose executions per call changed with the value, those beyond
 *     the bound first
 */
public record ScalingJudgement(ScalingVerdict verdict, Growth atMost, Growth statementsAtMost, String parameter,
        List<Long> values, List<CountGrowth> counts, List<SeriesGrowth> informing, List<StatementGrowth> statements,
        String reason) {

    public ScalingJudgement {
        values = List.copyOf(values);
        counts = List.copyOf(counts);
        informing = List.copyOf(informing);
        statements = List.copyOf(statements);
    }
}
