package dev.dbbench.report;

/**
 * One {@code @ExpectFasterThan} outcome as the reports show it.
 *
 * @param benchmark the side carrying the expectation, with its target
 * @param other the side it must beat, with its target
 * @param factor the speed-up required
 * @param speedup the measured speed-up: the other side's median over this side's
 * @param low the lower bound of the speed-up's interval
 * @param high the upper bound of the speed-up's interval
 * @param confidence the interval's coverage, such as 0.98
 * @param message what the build log printed when it failed or warned
 */
public record ReportedExpectation(String benchmark, String other, String verdict, double factor, double speedup,
        double low, double high, double confidence, double thisMedian, double otherMedian, String reason,
        boolean failed, boolean warned, String message) {
}
