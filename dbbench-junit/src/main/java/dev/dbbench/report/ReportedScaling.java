package dev.dbbench.report;

import java.util.List;
import java.util.Locale;

import dev.dbbench.verdict.GrowthFit;

/**
 * One {@code @ExpectScaling} outcome as the reports show it: a benchmark's counts across the values
 * of its parameter on one target, how each grew, and the statements whose executions grew.
 *
 * @param benchmark the benchmark on its target, without a value
 * @param atMost the growth allowed, such as {@code LOGARITHMIC}
 * @param statementsAtMost the growth allowed for statements; {@code atMost} in results of earlier versions
 * @param values the parameter's values, smallest first
 * @param informing the figures that inform without being judged; empty in results of earlier versions
 * @param statements the statements whose executions changed with the value; empty in results of earlier versions
 * @param margin the factor the bound's growth is allowed beyond; NaN in results of earlier versions
 * @param message what the build log printed when it failed or warned
 */
public record ReportedScaling(String benchmark, String parameter, String atMost, String statementsAtMost,
        String verdict, List<Long> values, List<Count> counts, List<Series> informing, List<Statement> statements,
        double margin, String reason, boolean failed, boolean warned, String message) {

    /**
     * How a figure grew with the parameter: the growth class it fits best, the power of the parameter
     * it grows like, and how well that power fits.
     *
     * @param growth such as {@code LINEAR}; empty where earlier versions found none
     * @param exponent NaN where there is none (a zero among the values)
     * @param rSquared 0 to 1; NaN where there is none, or in results of earlier versions
     */
    public record Fit(String growth, double exponent, double rSquared) {

        /** {@code linear, ~ n^1.00, R² 1.00}. */
        public String describe() {
            return GrowthFit.describe(growth.isEmpty() ? "faster than quadratic" : growth.toLowerCase(Locale.ROOT),
                    exponent, rSquared);
        }
    }

    /**
     * One judged count at every value.
     *
     * @param ratios each value's count over the smallest value's
     * @param bound the growth allowed for this count, such as {@code CONSTANT}
     * @param allowed the largest ratio the bound allowed at each value
     */
    public record Count(String name, List<Long> counts, List<Double> ratios, String bound, List<Double> allowed,
            Fit fit, boolean within) {

        public Count {
            counts = List.copyOf(counts);
            ratios = List.copyOf(ratios);
            allowed = List.copyOf(allowed);
        }
    }

    /**
     * A figure that informs, not judged, at every value.
     *
     * @param duration whether the values are nanoseconds (else counts)
     */
    public record Series(String name, List<Double> values, boolean duration, Fit fit) {

        public Series {
            values = List.copyOf(values);
        }
    }

    /** A statement's executions per call at every value, and whether they stayed within the bound on statements. */
    public record Statement(String statement, List<Long> executions, Fit fit, boolean within) {

        public Statement {
            executions = List.copyOf(executions);
        }
    }

    public ReportedScaling {
        values = List.copyOf(values);
        counts = List.copyOf(counts);
        informing = List.copyOf(informing);
        statements = List.copyOf(statements);
    }
}
