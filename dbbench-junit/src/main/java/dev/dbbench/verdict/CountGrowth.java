package dev.dbbench.verdict;

import java.util.List;

import dev.dbbench.api.Growth;

/**
 * How one judged count grew over the values of a benchmark's parameter, smallest value first.
 *
 * @param name what was counted, such as {@code shared blocks}
 * @param counts the count per call at each value
 * @param ratios each count over the smallest value's; NaN where the smallest value's count is zero
 * @param bound the fastest growth allowed for this count
 * @param allowed the largest ratio the bound allows at each value, 1 at the smallest
 * @param fit how the count grew: its class, exponent and R²
 * @param within whether every value stays within the bound
 */
public record CountGrowth(String name, List<Long> counts, List<Double> ratios, Growth bound, List<Double> allowed,
        GrowthFit fit, boolean within) {

    public CountGrowth {
        counts = List.copyOf(counts);
        ratios = List.copyOf(ratios);
        allowed = List.copyOf(allowed);
    }
}
