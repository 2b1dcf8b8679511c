package dev.dbbench.metric;

import java.util.Arrays;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One figure of a metric as plain numbers, for charts and benchmark dashboards (JMH's result
 * format, Bencher's): the current run's values and the baseline's, in one unit where lower is
 * better, except for a rate ({@code ops/s}), where higher is. A sampled figure (wall time) has one
 * value per sample; a deterministic one (a count, a size) has one value.
 *
 * @param name the figure's name as dashboards key it, lower case with hyphens, unique across
 *     metrics, such as {@code latency} (Bencher's own name for time per operation)
 * @param unit the unit of every value, such as {@code ns/op} or {@code bytes}
 * @param current this run's values, never empty
 * @param baseline the baseline's values; empty when there is no baseline value
 */
public record Measure(String name, String unit, double[] current, double[] baseline) {

    public Measure {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(unit, "unit");
        current = current.clone();
        baseline = baseline.clone();
        if (current.length == 0) {
            throw new IllegalArgumentException("measure " + name + " has no current value");
        }
    }

    /** A deterministic figure: one value now, and one in the baseline when it has one. */
    public static Measure exact(String name, String unit, double current, OptionalDouble baseline) {
        return new Measure(name, unit, new double[] {current},
                baseline.isPresent() ? new double[] {baseline.getAsDouble()} : new double[0]);
    }

    @Override
    public double[] current() {
        return current.clone();
    }

    @Override
    public double[] baseline() {
        return baseline.clone();
    }

    // A record compares array components by reference; measures are values, so compare contents.
    @Override
    public boolean equals(Object other) {
        return other instanceof Measure that && name.equals(that.name) && unit.equals(that.unit)
                && Arrays.equals(current, that.current) && Arrays.equals(baseline, that.baseline);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, unit, Arrays.hashCode(current), Arrays.hashCode(baseline));
    }

    @Override
    public String toString() {
        return "Measure[" + name + " " + Arrays.toString(current) + " " + unit + ", baseline "
                + Arrays.toString(baseline) + "]";
    }
}
