package dev.dbbench.verdict;

import java.util.List;

/**
 * How a figure that informs but is not judged grew over the values of a benchmark's parameter: the
 * median time per call, which depends on the machine, or a count no bound applies to.
 *
 * @param name what was measured, such as {@code time (median)}
 * @param values the figure per call at each value, smallest value first
 * @param duration whether the values are nanoseconds (else counts)
 * @param fit how the figure grew
 */
public record SeriesGrowth(String name, List<Double> values, boolean duration, GrowthFit fit) {

    public SeriesGrowth {
        values = List.copyOf(values);
    }
}
