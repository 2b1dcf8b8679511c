package dev.dbbench.report;

import com.fasterxml.jackson.databind.JsonNode;

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

    static ReportedExpectation read(JsonNode node, String where) {
        final JsonFields json = new JsonFields(node, where);
        final JsonNode interval = json.array("speedupInterval");
        if (interval.size() != 2 || !numberOrNull(interval.get(0)) || !numberOrNull(interval.get(1))) {
            throw new IllegalArgumentException(where + ".speedupInterval must be two numbers but was " + interval);
        }
        return new ReportedExpectation(json.text("benchmark"), json.text("other"), json.text("verdict"),
                json.number("factor"), json.number("speedup"), bound(interval.get(0)), bound(interval.get(1)),
                json.number("confidence"), json.number("thisMedian"), json.number("otherMedian"), json.text("reason"),
                json.bool("failed"), json.bool("warned"), json.text("message"));
    }

    private static boolean numberOrNull(JsonNode value) {
        return value.isNumber() || value.isNull();
    }

    private static double bound(JsonNode value) {
        return value.isNull() ? Double.NaN : value.asDouble();
    }
}
