package dev.dbbench.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Maps values to positions on a chart axis, linear or, when the values span more than a factor of
 * ten, logarithmic, so a few slow outliers do not squeeze every other sample into one pixel.
 */
final class Scale {

    private final double low;
    private final double high;
    private final boolean log;
    private final double start;
    private final double end;

    private Scale(double low, double high, boolean log, double start, double end) {
        this.low = low;
        this.high = high;
        this.log = log;
        this.start = start;
        this.end = end;
    }

    /** A scale over the values' range, padded a little, onto positions {@code start..end}. */
    static Scale over(double min, double max, double start, double end) {
        if (!Double.isFinite(min) || !Double.isFinite(max)) {
            return new Scale(0, 1, false, start, end);
        }
        if (min > 0 && max / min > 10) {
            return new Scale(min / 1.1, max * 1.1, true, start, end);
        }
        final double padding = max > min ? (max - min) * 0.08 : Math.max(Math.abs(max) * 0.1, 1);
        final double low = min >= 0 ? Math.max(0, min - padding) : min - padding;
        return new Scale(low, max + padding, false, start, end);
    }

    /** A logarithmic scale over ratios, always showing 1 and the given marks. */
    static Scale ratios(double min, double max, double start, double end) {
        // An interval may reach zero or infinity (a side with a zero sample); the axis stops short of it.
        final double low = Math.min(min > 0 ? min : 1, 1) / 1.15;
        final double high = Math.max(Double.isFinite(max) ? max : 1, 1) * 1.15;
        return new Scale(Math.max(low, high / 1e6), high, true, start, end);
    }

    double position(double value) {
        if (Double.isNaN(value)) {
            return start;
        }
        final double clamped = Math.max(low, Math.min(high, value));
        final double fraction = log ? Math.log(clamped / low) / Math.log(high / low) : (clamped - low) / (high - low);
        return start + fraction * (end - start);
    }

    /** About five round values inside the scale: 1, 2 or 5 times a power of ten. */
    List<Double> ticks() {
        final List<Double> ticks = new ArrayList<>();
        if (log) {
            for (double decade = Math.pow(10, Math.floor(Math.log10(low))); decade <= high && ticks.size() < 30;
                    decade *= 10) {
                for (double step : new double[] {1, 2, 5}) {
                    addIfInside(ticks, decade * step);
                }
            }
            if (ticks.size() > 7) {
                ticks.removeIf(tick -> Math.abs(Math.log10(tick) - Math.rint(Math.log10(tick))) > 1e-9);
            }
            if (ticks.size() < 2) {
                ticks.clear();
                addIfInside(ticks, low * 1.05);
                addIfInside(ticks, Math.sqrt(low * high));
                addIfInside(ticks, high / 1.05);
            }
            return ticks;
        }
        final double rough = (high - low) / 5;
        final double magnitude = Math.pow(10, Math.floor(Math.log10(rough)));
        final double step = rough / magnitude < 1.5 ? magnitude : rough / magnitude < 3.5 ? 2 * magnitude
                : rough / magnitude < 7.5 ? 5 * magnitude : 10 * magnitude;
        for (double tick = Math.ceil(low / step) * step; tick <= high && ticks.size() < 30; tick += step) {
            addIfInside(ticks, Math.abs(tick) < step / 1e6 ? 0 : tick);
        }
        return ticks;
    }

    private void addIfInside(List<Double> ticks, double value) {
        if (value >= low && value <= high) {
            ticks.add(value);
        }
    }
}
