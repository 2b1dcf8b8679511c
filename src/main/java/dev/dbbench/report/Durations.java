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
        final double magnitude = Math.abs(nanos);
        if (magnitude < 1_000) {
            return significant(nanos) + " ns";
        }
        if (magnitude < 1_000_000) {
            return significant(nanos / 1_000) + " µs";
        }
        if (magnitude < 1_000_000_000) {
            return significant(nanos / 1_000_000) + " ms";
        }
        return significant(nanos / 1_000_000_000) + " s";
    }

    /** A ratio such as {@code 1.07x}. */
    public static String ratio(double ratio) {
        return Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.2fx", ratio);
    }

    private static String significant(double value) {
        final double magnitude = Math.abs(value);
        final String pattern = magnitude >= 100 ? "%.0f" : magnitude >= 10 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, pattern, value);
    }
}
