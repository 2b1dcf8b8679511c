package dev.dbbench.verdict;

import java.util.List;

import dev.dbbench.api.Growth;

/**
 * The verdict on one {@code @ExpectScaling} across the values of a parameter, with the figures behind it.
 *
 * @param parameter the parameter's name, such as {@code rows}
 * @param values its values, smallest first
 * @param counts how each count measured at every value grew
 */
public record ScalingJudgement(ScalingVerdict verdict, Growth atMost, String parameter, List<Long> values,
        List<CountGrowth> counts, String reason) {

    public ScalingJudgement {
        values = List.copyOf(values);
        counts = List.copyOf(counts);
    }
}
