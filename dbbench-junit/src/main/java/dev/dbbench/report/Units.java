package dev.dbbench.report;

import java.util.Locale;

import dev.dbbench.text.Figures;

/** How the HTML report writes a measure's value in its unit: times and rates readable, bytes in KiB/MiB, counts plain. */
final class Units {

    private Units() {
    }

    static String format(double value, String unit) {
        if (Double.isNaN(value)) {
            return "-";
        }
        if (unit.equals("x")) {
            return Figures.ratio(value);
        }
        if (unit.startsWith("ns")) {
            return Figures.duration(value);
        }
        if (unit.equals("ops/s")) {
            return Figures.rate(value);
        }
        if (unit.equals("bytes")) {
            return bytes(value);
        }
        return number(value) + " " + unit;
    }

    /** A count as a whole number with separators, or with three significant digits when it has a fraction. */
    static String number(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Figures.count((long) value);
        }
        return String.format(Locale.ROOT, "%.3g", value);
    }

    private static String bytes(double value) {
        final String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double scaled = value;
        int unit = 0;
        while (unit < units.length - 1 && Math.abs(scaled) >= 1024) {
            scaled /= 1024;
            unit++;
        }
        return (unit == 0 ? number(scaled) : String.format(Locale.ROOT, "%.3g", scaled)) + " " + units[unit];
    }
}
