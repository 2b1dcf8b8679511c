package dev.dbbench.report;

import java.util.Locale;

/** Formats nanosecond figures in the unit that keeps three significant digits readable. */
public final class Durations {

    private Durations() {
    }

    public static String format(double nanos) {
        if (Double.isNaN(nanos)) {
            return "-";
        }
        final String[] units = {"ns", "µs", "ms", "s"};
        double value = nanos;
        int unit = 0;
        // Round first, then choose the unit, so 999.7 ns reads "1.00 µs" rather than "1000 ns".
        while (unit < units.length - 1 && Math.abs(roundToSignificant(value)) >= 1_000) {
            value /= 1_000;
            unit++;
        }
        return significant(value) + " " + units[unit];
    }

    private static double roundToSignificant(double value) {
        return Double.parseDouble(significant(value));
    }

    /** A ratio such as {@code 1.07x}. */
    public static String ratio(double ratio) {
        return Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.2fx", ratio);
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
