package dev.dbbench.measure;

import java.util.Arrays;
import java.util.Objects;

/**
 * What the client threads of a benchmark measured besides the time per call, one figure per timed
 * sample, in the order the samples were taken.
 *
 * @param threads how many client threads called the body at once
 * @param opsPerSecond the calls all clients completed in the sample over its wall time
 * @param p50 the median latency of the sample's calls, in nanoseconds; likewise {@code p90},
 *     {@code p99} and {@code p999} (the 99.9th percentile), as HdrHistogram reports them
 */
public record ClientSamples(int threads, double[] opsPerSecond, double[] p50, double[] p90, double[] p99,
        double[] p999) {

    public ClientSamples {
        opsPerSecond = opsPerSecond.clone();
        p50 = p50.clone();
        p90 = p90.clone();
        p99 = p99.clone();
        p999 = p999.clone();
        final int samples = opsPerSecond.length;
        if (threads < 1 || Arrays.stream(new double[][] {p50, p90, p99, p999}).anyMatch(p -> p.length != samples)) {
            throw new IllegalArgumentException("client samples need a thread and one figure of each per sample");
        }
    }

    @Override
    public double[] opsPerSecond() {
        return opsPerSecond.clone();
    }

    @Override
    public double[] p50() {
        return p50.clone();
    }

    @Override
    public double[] p90() {
        return p90.clone();
    }

    @Override
    public double[] p99() {
        return p99.clone();
    }

    @Override
    public double[] p999() {
        return p999.clone();
    }

    private double[][] figures() {
        return new double[][] {opsPerSecond, p50, p90, p99, p999};
    }

    // A record compares array components by reference; samples are values, so compare contents.
    @Override
    public boolean equals(Object other) {
        return other instanceof ClientSamples that && threads == that.threads
                && Arrays.deepEquals(figures(), that.figures());
    }

    @Override
    public int hashCode() {
        return Objects.hash(threads, Arrays.deepHashCode(figures()));
    }

    @Override
    public String toString() {
        return "ClientSamples[" + threads + " threads, " + Arrays.toString(opsPerSecond) + " ops/s, p99 "
                + Arrays.toString(p99) + " ns]";
    }
}
