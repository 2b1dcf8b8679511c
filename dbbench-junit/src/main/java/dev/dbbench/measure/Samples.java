package dev.dbbench.measure;

import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * The timed samples of one benchmark run, in nanoseconds per operation, in the order they were taken.
 *
 * @param elapsed wall time of the whole run, calibration and warm-ups included
 * @param serverCpuNanosPerOp the server CPU time of each sample per operation, in the same order;
 *     empty when the engine could not measure it
 * @param rulerSliceNanos the time of each engine ruler slice run between the samples, one per
 *     sample (per round, when several benchmarks were sampled in turn); empty when there was none
 * @param allocatedBytesPerOp the bytes the body allocated in each sample per operation (with client
 *     threads, all clients' bytes over all their calls), in the same order; empty where the JVM does not
 *     count allocations per thread
 * @param clients what client threads measured besides the time per call, when they called the body:
 *     then {@code nanosPerOp} holds the mean time of a call and {@code opsPerSample} the calls of all
 *     clients in a sample (their median, when each sample lasted a fixed time)
 */
public record Samples(double[] nanosPerOp, int opsPerSample, int warmups, Duration elapsed,
        double[] serverCpuNanosPerOp, double[] rulerSliceNanos, double[] allocatedBytesPerOp,
        Optional<ClientSamples> clients) {

    public Samples {
        nanosPerOp = nanosPerOp.clone();
        serverCpuNanosPerOp = serverCpuNanosPerOp.clone();
        rulerSliceNanos = rulerSliceNanos.clone();
        allocatedBytesPerOp = allocatedBytesPerOp.clone();
    }

    /** Samples of a body that ran alone. */
    public Samples(double[] nanosPerOp, int opsPerSample, int warmups, Duration elapsed,
            double[] serverCpuNanosPerOp, double[] rulerSliceNanos, double[] allocatedBytesPerOp) {
        this(nanosPerOp, opsPerSample, warmups, elapsed, serverCpuNanosPerOp, rulerSliceNanos, allocatedBytesPerOp,
                Optional.empty());
    }

    /** Samples without allocation counts. */
    public Samples(double[] nanosPerOp, int opsPerSample, int warmups, Duration elapsed,
            double[] serverCpuNanosPerOp, double[] rulerSliceNanos) {
        this(nanosPerOp, opsPerSample, warmups, elapsed, serverCpuNanosPerOp, rulerSliceNanos, new double[0]);
    }

    /** Samples without ruler slices. */
    public Samples(double[] nanosPerOp, int opsPerSample, int warmups, Duration elapsed,
            double[] serverCpuNanosPerOp) {
        this(nanosPerOp, opsPerSample, warmups, elapsed, serverCpuNanosPerOp, new double[0]);
    }

    /** Samples without server CPU readings or ruler slices. */
    public Samples(double[] nanosPerOp, int opsPerSample, int warmups, Duration elapsed) {
        this(nanosPerOp, opsPerSample, warmups, elapsed, new double[0]);
    }

    @Override
    public double[] nanosPerOp() {
        return nanosPerOp.clone();
    }

    @Override
    public double[] serverCpuNanosPerOp() {
        return serverCpuNanosPerOp.clone();
    }

    @Override
    public double[] rulerSliceNanos() {
        return rulerSliceNanos.clone();
    }

    @Override
    public double[] allocatedBytesPerOp() {
        return allocatedBytesPerOp.clone();
    }

    // A record compares array components by reference; samples are values, so compare contents.
    @Override
    public boolean equals(Object other) {
        return other instanceof Samples samples
                && Arrays.equals(nanosPerOp, samples.nanosPerOp) && opsPerSample == samples.opsPerSample
                && warmups == samples.warmups && elapsed.equals(samples.elapsed)
                && Arrays.equals(serverCpuNanosPerOp, samples.serverCpuNanosPerOp)
                && Arrays.equals(rulerSliceNanos, samples.rulerSliceNanos)
                && Arrays.equals(allocatedBytesPerOp, samples.allocatedBytesPerOp) && clients.equals(samples.clients);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(nanosPerOp), opsPerSample, warmups, elapsed,
                Arrays.hashCode(serverCpuNanosPerOp), Arrays.hashCode(rulerSliceNanos),
                Arrays.hashCode(allocatedBytesPerOp), clients);
    }

    @Override
    public String toString() {
        return "Samples[" + Arrays.toString(nanosPerOp) + " ns/op, " + opsPerSample + " ops per sample, " + warmups
                + " warm-ups, " + elapsed + (serverCpuNanosPerOp.length == 0 ? "" : ", server CPU "
                + Arrays.toString(serverCpuNanosPerOp) + " ns/op") + (rulerSliceNanos.length == 0 ? ""
                : ", ruler slices " + Arrays.toString(rulerSliceNanos) + " ns")
                + clients.map(sampled -> ", " + sampled).orElse("") + "]";
    }
}
