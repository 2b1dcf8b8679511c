package dev.dbbench.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.dbbench.api.Growth;

/**
 * How a series measured at each value of a parameter {@code n} grows with it: the power of {@code n}
 * it grows like, how well a power fits, and the growth class it matches best.
 *
 * <p>The exponent is the slope of {@code log value} over {@code log n} by least squares, and
 * {@code rSquared} the share of the variance of {@code log value} that the line explains: 1.00 for an
 * exact power of {@code n}. The class is chosen by fitting each candidate {@code g} (constant,
 * {@code log n}, {@code n}, {@code n log n}, {@code n²}) as {@code a + b·g(n)} with {@code a, b >= 0}: a
 * fixed cost per call plus a part that grows like {@code g}, since a statement's parse and round trip
 * cost the same at every size. Each is fitted by least squares on relative errors, and its error is
 * the root mean square of {@code log(fitted / value)}: about the relative error where the fit is close,
 * and growing without bound where it is not, so that no two bad fits look alike. The class reported is the slowest whose error is within {@link #TOLERANCE}
 * of the best candidate's (plus, for whole counts, {@link #ROUNDING} of one count relative to each
 * count: 3, 3 and 4 blocks are a constant count as far as whole numbers can tell). A faster class
 * with a large fixed cost can always bend to a step at the largest value, so the best fit alone would
 * call a B-tree gaining a level quadratic; the slowest that fits nearly as well is the honest name.
 *
 * @param growth the class the series matches best
 * @param exponent the power of {@code n} the series grows like; NaN when a value is zero
 * @param rSquared how well that power fits, 0 to 1; 1 when every value is the same, NaN when a value is zero
 */
public record GrowthFit(Growth growth, double exponent, double rSquared) {

    /** How much larger a slower class's relative error may be than the best one's and still be chosen. */
    public static final double TOLERANCE = 0.05;

    /** The root mean square error of rounding to a whole number, in counts: half a count, over the square root of 3. */
    static final double ROUNDING = 0.5 / Math.sqrt(3);

    /**
     * @param parameter the parameter's values, each at least 2, at least two of them different
     * @param values the series at each of them, zero or more
     * @param whole whether the values are whole counts rather than measured figures such as times
     */
    public static GrowthFit of(List<Long> parameter, List<Double> values, boolean whole) {
        if (parameter.size() != values.size() || parameter.size() < 2) {
            throw new IllegalArgumentException("a fit needs one value per value of the parameter, two or more, but"
                    + " got " + values + " at " + parameter);
        }
        final double[] power = power(parameter, values);
        return new GrowthFit(growth(parameter, values, whole), power[0], power[1]);
    }

    /** {@code linear, ~ n^1.00, R² 1.00}. */
    public String describe() {
        return describe(ScalingJudge.name(growth), exponent, rSquared);
    }

    /** A fit as messages and reports write it, from its parts: {@code linear, ~ n^1.00, R² 1.00}. */
    public static String describe(String growth, double exponent, double rSquared) {
        return growth + (Double.isNaN(exponent) ? "" : String.format(Locale.ROOT, ", ~ n^%.2f", exponent))
                + (Double.isNaN(rSquared) ? "" : String.format(Locale.ROOT, ", R² %.2f", rSquared));
    }

    /** The slope of {@code log value} over {@code log n} and its R², or NaN for both when a value is not positive. */
    private static double[] power(List<Long> parameter, List<Double> values) {
        final int size = values.size();
        if (values.stream().anyMatch(value -> !(value > 0))) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double meanX = 0;
        double meanY = 0;
        for (int i = 0; i < size; i++) {
            meanX += Math.log(parameter.get(i)) / size;
            meanY += Math.log(values.get(i)) / size;
        }
        double sxx = 0;
        double sxy = 0;
        double syy = 0;
        for (int i = 0; i < size; i++) {
            final double x = Math.log(parameter.get(i)) - meanX;
            final double y = Math.log(values.get(i)) - meanY;
            sxx += x * x;
            sxy += x * y;
            syy += y * y;
        }
        if (sxx == 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        final double slope = sxy / sxx;
        // Values that are all the same are a power of n exactly: n^0.
        final double explained = syy < 1e-24 ? 1 : slope * sxy / syy;
        return new double[] {slope, Math.max(0, Math.min(1, explained))};
    }

    /** The slowest class whose error is within the tolerance of the best class's. */
    private static Growth growth(List<Long> parameter, List<Double> values, boolean whole) {
        final List<Double> errors = new ArrayList<>();
        for (Growth candidate : Growth.values()) {
            errors.add(error(candidate, parameter, values));
        }
        final double best = errors.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double rounding = 0;
        if (whole) {
            for (double value : values) {
                rounding += Math.pow(ROUNDING / scale(value), 2) / values.size();
            }
        }
        final double tolerance = TOLERANCE + Math.sqrt(rounding);
        for (int i = 0; i < errors.size(); i++) {
            if (errors.get(i) <= best + tolerance) {
                return Growth.values()[i];
            }
        }
        throw new IllegalStateException("the best class is within its own tolerance");
    }

    /**
     * The root mean square log error of {@code a + b·g(n)}, {@code a, b >= 0}, fitted by weighted
     * least squares: the unconstrained solution when it has both parts non-negative, else the better of
     * a fixed cost alone and a growing part alone (a quadratic's minimum on the boundary).
     */
    private static double error(Growth growth, List<Long> parameter, List<Double> values) {
        double sw = 0;
        double sg = 0;
        double sgg = 0;
        double sy = 0;
        double sgy = 0;
        for (int i = 0; i < values.size(); i++) {
            final double weight = 1 / Math.pow(scale(values.get(i)), 2);
            final double g = ScalingJudge.of(growth, parameter.get(i));
            final double y = values.get(i);
            sw += weight;
            sg += weight * g;
            sgg += weight * g * g;
            sy += weight * y;
            sgy += weight * g * y;
        }
        double error = Math.min(error(sy / sw, 0, growth, parameter, values),
                error(0, Math.max(0, sgy / sgg), growth, parameter, values));
        final double determinant = sw * sgg - sg * sg;
        if (growth != Growth.CONSTANT && determinant > 1e-12 * sw * sgg) {
            final double b = (sw * sgy - sg * sy) / determinant;
            final double a = (sy - b * sg) / sw;
            if (a >= 0 && b >= 0) {
                error = Math.min(error, error(a, b, growth, parameter, values));
            }
        }
        return error;
    }

    private static double error(double a, double b, Growth growth, List<Long> parameter, List<Double> values) {
        double sum = 0;
        for (int i = 0; i < values.size(); i++) {
            final double fitted = a + b * ScalingJudge.of(growth, parameter.get(i));
            final double relative = Math.log(scale(fitted) / scale(values.get(i)));
            sum += relative * relative;
        }
        return Math.sqrt(sum / values.size());
    }

    /** What an error at a value is relative to: the value, or one for a zero count (or a fit of zero). */
    private static double scale(double value) {
        return Math.max(value, 1);
    }
}
