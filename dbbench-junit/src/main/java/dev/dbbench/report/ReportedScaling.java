package dev.dbbench.report;

import java.util.List;

/**
 * One {@code @ExpectScaling} outcome as the reports show it: a benchmark's counts across the values
 * of its parameter on one target.
 *
 * @param benchmark the benchmark on its target, without a value
 * @param atMost the growth allowed, such as {@code LOGARITHMIC}
 * @param values the parameter's values, smallest first
 * @param margin the factor the bound's growth is allowed beyond; NaN in results of earlier versions
 * @param message what the build log printed when it failed or warned
 */
public record ReportedScaling(String benchmark, String parameter, String atMost, String verdict, List<Long> values,
        List<Count> counts, double margin, String reason, boolean failed, boolean warned, String message) {

    /**
     * One count at every value.
     *
     * @param ratios each value's count over the smallest value's
     * @param allowed the largest ratio the bound allowed at each value
     * @param fitted the slowest growth the count stays within, such as {@code LINEAR}; empty for none
     * @param exponent the power of the parameter the count grew with; NaN where there is none
     */
    public record Count(String name, List<Long> counts, List<Double> ratios, List<Double> allowed, String fitted,
            double exponent, boolean within) {

        public Count {
            counts = List.copyOf(counts);
            ratios = List.copyOf(ratios);
            allowed = List.copyOf(allowed);
        }
    }

    public ReportedScaling {
        values = List.copyOf(values);
        counts = List.copyOf(counts);
    }
}
