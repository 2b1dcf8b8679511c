package dev.dbbench.text;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * How every message, table and report writes a figure: durations and rates with three significant
 * digits in a readable unit, ratios as {@code 1.07x}, p-values, percentages and intervals. Unknown figures
 * (NaN) read {@code -}.
 */
public final class Figures {

    private Figures() {
    }

    /** A duration in nanoseconds, such as {@code 12.3 µs}. */
    public static String duration(double nanos) {
        return thousands(nanos, " ns", " µs", " ms", " s");
    }

    /** Operations per second, such as {@code 12.3k ops/s}. */
    public static String rate(double perSecond) {
        return thousands(perSecond, " ops/s", "k ops/s", "M ops/s", "G ops/s");
    }

    /** A value with three significant digits and the suffix of its power of a thousand. */
    private static String thousands(double value, String... suffixes) {
        if (Double.isNaN(value)) {
            return "-";
        }
        double scaled = value;
        int unit = 0;
        // Round first, then choose the unit, so 999.7 ns reads "1.00 µs" rather than "1000 ns".
        while (unit < suffixes.length - 1 && Math.abs(roundToSignificant(scaled)) >= 1_000) {
            scaled /= 1_000;
            unit++;
        }
        return significant(scaled) + suffixes[unit];
    }

    /** A ratio such as {@code 1.07x}. */
    public static String ratio(double ratio) {
        return Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.2fx", ratio);
    }

    /** An interval of ratios, such as {@code [0.95x, 1.07x]}. */
    public static String interval(double low, double high) {
        return "[" + ratio(low) + ", " + ratio(high) + "]";
    }

    /** A p-value: four decimals, or scientific notation below 0.0001 ({@code 6.4e-09}). */
    public static String pValue(double p) {
        if (Double.isNaN(p)) {
            return "-";
        }
        return p < 0.0001 ? String.format(Locale.ROOT, "%.1e", p) : String.format(Locale.ROOT, "%.4f", p);
    }

    /** A fraction as a percentage with one decimal, such as {@code 12.5%}. */
    public static String percent(double fraction) {
        return Double.isNaN(fraction) ? "-" : String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }

    /**
     * A percentage as configured, such as {@code 25%} or {@code 2.5%}: the digits it was given with,
     * without trailing zeros.
     */
    public static String percentage(double percent) {
        return decimal(percent) + "%";
    }

    /** A number as it was given, without trailing zeros: {@code 25}, {@code 2.5}. */
    public static String decimal(double value) {
        return Double.isFinite(value) ? BigDecimal.valueOf(value).stripTrailingZeros().toPlainString()
                : String.valueOf(value);
    }

    /**
     * A change of a count with its sign: whole below a thousand ({@code +12}, {@code 0}), else three
     * significant digits and the suffix of its power of a thousand ({@code +2.90 M}, {@code -412 k}).
     */
    public static String change(long change) {
        final String sign = change > 0 ? "+" : "";
        return Math.abs(change) < 1_000 ? sign + change : sign + thousands(change, "", " k", " M", " G");
    }

    /** A count with thousands separators, such as {@code 324,083,677}. */
    public static String count(long count) {
        return String.format(Locale.ROOT, "%,d", count);
    }

    /** A size in bytes with three significant digits in a binary unit, such as {@code 1.21 KiB}. */
    public static String bytes(double bytes) {
        if (Double.isNaN(bytes)) {
            return "-";
        }
        final String[] units = {"B", "KiB", "MiB", "GiB"};
        double value = bytes;
        int unit = 0;
        while (unit < units.length - 1 && Math.abs(roundToSignificant(value)) >= 1024) {
            value /= 1024;
            unit++;
        }
        return (unit == 0 ? String.format(Locale.ROOT, "%.0f", value) : significant(value)) + " " + units[unit];
    }

    /** The half-width of an interval of ratios on the log scale: how far each bound lies from its centre. */
    public static double logHalfWidth(double low, double high) {
        return (Math.log(high) - Math.log(low)) / 2;
    }

    private static double roundToSignificant(double value) {
        return Double.parseDouble(significant(value));
    }

    /** Three significant digits; the digits are chosen after rounding, so 9.996 reads "10.0". */
    private static String significant(double value) {
        final double magnitude = Math.abs(value);
        if (magnitude >= 99.95) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        if (magnitude >= 9.995) {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
