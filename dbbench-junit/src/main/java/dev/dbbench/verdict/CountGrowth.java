package dev.dbbench.verdict;

import java.util.List;
import java.util.Optional;

import dev.dbbench.api.Growth;

/**
 * How one count grew over the values of a benchmark's parameter, smallest value first.
 *
 * @param name what was counted, such as {@code shared blocks}
 * @param counts the count per call at each value
 * @param ratios each count over the smallest value's
 * @param allowed the largest ratio the bound allows at each value, 1 at the smallest
 * @param fitted the slowest growth every value of this count stays within; empty when faster than any
 * @param exponent the slope of log count over log value from the smallest value to the largest: 1 for
 *     linear growth, near 0 for logarithmic; NaN when the smallest value's count is zero
 * @param within whether every value stays within the bound
 */
public record CountGrowth(String name, List<Long> counts, List<Double> ratios, List<Double> allowed,
        Optional<Growth> fitted, double exponent, boolean within) {

    public CountGrowth {
        counts = List.copyOf(counts);
        ratios = List.copyOf(ratios);
        allowed = List.copyOf(allowed);
    }
}
