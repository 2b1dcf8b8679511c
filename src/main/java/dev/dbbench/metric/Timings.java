package dev.dbbench.metric;

import java.util.Arrays;
import java.util.Collections;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.measure.Ruler;
import dev.dbbench.measure.Samples;
import dev.dbbench.stats.Summary;

/**
 * The wall time of a benchmark's timed samples, per operation, with how they were taken and the
 * machine-speed ruler reading of their run.
 *
 * @param nanosPerOp one figure per timed sample, in nanoseconds per call of the body
 * @param ruler the run's ruler reading, with the median of the slices timed between these samples
 */
public record Timings(int warmups, int opsPerSample, double[] nanosPerOp, SortedMap<String, Double> ruler) {

    public Timings {
        nanosPerOp = nanosPerOp.clone();
        ruler = Collections.unmodifiableSortedMap(new TreeMap<>(ruler));
    }

    /** The timings of samples taken on a server whose run-wide ruler read {@code reading}. */
    public static Timings of(Samples samples, SortedMap<String, Double> reading) {
        return new Timings(samples.warmups(), samples.opsPerSample(), samples.nanosPerOp(),
                Ruler.withSlices(reading, samples));
    }

    @Override
    public double[] nanosPerOp() {
        return nanosPerOp.clone();
    }

    public Summary summary() {
        return Summary.of(nanosPerOp);
    }

    // A record compares array components by reference; timings are values, so compare contents.
    @Override
    public boolean equals(Object other) {
        return other instanceof Timings that && warmups == that.warmups && opsPerSample == that.opsPerSample
                && Arrays.equals(nanosPerOp, that.nanosPerOp) && ruler.equals(that.ruler);
    }

    @Override
    public int hashCode() {
        return Objects.hash(warmups, opsPerSample, Arrays.hashCode(nanosPerOp), ruler);
    }

    @Override
    public String toString() {
        return "Timings[" + Arrays.toString(nanosPerOp) + " ns/op, " + opsPerSample + " ops per sample, " + warmups
                + " warm-ups, ruler " + ruler + "]";
    }
}
