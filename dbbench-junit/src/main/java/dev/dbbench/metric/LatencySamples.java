package dev.dbbench.metric;

import java.util.Arrays;
import java.util.Objects;

import dev.dbbench.measure.ClientSamples;

/**
 * The latency percentiles of the calls of a benchmark's client threads, per sample, in nanoseconds.
 * The p99 is the figure judged, kept as timings with the benchmark's sampling, ruler and runs.
 *
 * @param p50 each sample's median latency; likewise {@code p90}, and {@code p999} its 99.9th percentile
 */
public record LatencySamples(int threads, double[] p50, double[] p90, Timings p99, double[] p999)
        implements ClientFigure {

    public LatencySamples {
        p50 = p50.clone();
        p90 = p90.clone();
        p999 = p999.clone();
        final int samples = p99.nanosPerOp().length;
        if (p50.length != samples || p90.length != samples || p999.length != samples) {
            throw new IllegalArgumentException("every percentile needs one value per sample, as the p99 has "
                    + samples);
        }
    }

    /** The latencies the clients measured, the p99 with the sampling, ruler and run of the benchmark's {@code time}. */
    public static LatencySamples of(ClientSamples clients, Timings time) {
        return new LatencySamples(clients.threads(), clients.p50(), clients.p90(), time.sameRun(clients.p99()),
                clients.p999());
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
    public double[] p999() {
        return p999.clone();
    }

    @Override
    public Timings judged() {
        return p99;
    }

    // A record compares array components by reference; latencies are values, so compare contents.
    @Override
    public boolean equals(Object other) {
        return other instanceof LatencySamples that && threads == that.threads && p99.equals(that.p99)
                && Arrays.equals(p50, that.p50) && Arrays.equals(p90, that.p90) && Arrays.equals(p999, that.p999);
    }

    @Override
    public int hashCode() {
        return Objects.hash(threads, p99, Arrays.hashCode(p50), Arrays.hashCode(p90), Arrays.hashCode(p999));
    }

    @Override
    public String toString() {
        return "LatencySamples[" + threads + " threads, p50 " + Arrays.toString(p50) + ", p90 " + Arrays.toString(p90)
                + ", p99 " + p99 + ", p99.9 " + Arrays.toString(p999) + "]";
    }
}
