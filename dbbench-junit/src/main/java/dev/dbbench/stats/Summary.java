package dev.dbbench.stats;

import java.util.Arrays;

/**
 * Order and moment statistics of one benchmark's samples, in nanoseconds per operation.
 *
 * @param n number of samples
 * @param mad median absolute deviation from the median (unscaled)
 */
public record Summary(
        int n,
        double min,
        double median,
        double p90,
        double p99,
        double max,
        double mean,
        double stdev,
        double mad) {

    /** Summarizes samples; percentiles interpolate linearly between order statistics. */
    public static Summary of(double[] samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("cannot summarize zero samples");
        }
        final double[] sorted = samples.clone();
        Arrays.sort(sorted);
        final double median = quantile(sorted, 0.5);
        double sum = 0;
        for (double value : sorted) {
            sum += value;
        }
        final double mean = sum / sorted.length;
        double squares = 0;
        final double[] deviations = new double[sorted.length];
        for (int i = 0; i < sorted.length; i++) {
            squares += (sorted[i] - mean) * (sorted[i] - mean);
            deviations[i] = Math.abs(sorted[i] - median);
        }
        Arrays.sort(deviations);
        final double stdev = sorted.length > 1 ? Math.sqrt(squares / (sorted.length - 1)) : 0;
        return new Summary(
                sorted.length,
                sorted[0],
                median,
                quantile(sorted, 0.90),
                quantile(sorted, 0.99),
                sorted[sorted.length - 1],
                mean,
                stdev,
                quantile(deviations, 0.5));
    }

    /** Coefficient of variation: standard deviation over mean. */
    public double cv() {
        return mean == 0 ? 0 : stdev / mean;
    }

    /** The q-quantile of ascending values, interpolating linearly (Hyndman and Fan type 7). */
    static double quantile(double[] ascending, double q) {
        final double position = q * (ascending.length - 1);
        final int lower = (int) Math.floor(position);
        final int upper = Math.min(lower + 1, ascending.length - 1);
        final double fraction = position - lower;
        return ascending[lower] + fraction * (ascending[upper] - ascending[lower]);
    }
}
