package dev.dbbench.metric;

import java.util.Arrays;

import dev.dbbench.measure.ClientSamples;

/**
 * The throughput of a benchmark's client threads per sample, kept as timings of its inverse: the
 * sample's wall time over the calls all clients completed in it. A slower figure is a lower
 * throughput, so it is judged exactly as wall time is.
 *
 * @param nanosPerCall the clients' wall time per call of each sample, with the sampling, ruler and
 *     runs of the benchmark's timings
 */
public record ThroughputSamples(int threads, Timings nanosPerCall) implements ClientFigure {

    /** The throughput the clients measured, with the sampling, ruler and run of the benchmark's {@code time}. */
    public static ThroughputSamples of(ClientSamples clients, Timings time) {
        return new ThroughputSamples(clients.threads(), time.sameRun(Arrays.stream(clients.opsPerSecond())
                .map(Throughput::invert).toArray()));
    }

    /** Each sample's operations per second. */
    public double[] opsPerSecond() {
        return Arrays.stream(nanosPerCall.nanosPerOp()).map(Throughput::invert).toArray();
    }

    @Override
    public Timings judged() {
        return nanosPerCall;
    }
}
