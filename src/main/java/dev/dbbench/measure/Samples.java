package dev.dbbench.measure;

import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;

/**
 * The timed samples of one benchmark run, in nanoseconds per operation, in the order they were taken.
 *
 * @param elapsed wall time of the whole run, calibration and warm-ups included
 */
public record Samples(double[] nanosPerOp, int opsPerSample, int warmups, Duration elapsed) {

    public Samples {
        nanosPerOp = nanosPerOp.clone();
    }

    @Override
    public double[] nanosPerOp() {
        return nanosPerOp.clone();
    }

    // A record compares array components by reference; samples are values, so compare contents.
    @Override
    public boolean equals(Object other) {
        return other instanceof Samples samples
                && Arrays.equals(nanosPerOp, samples.nanosPerOp) && opsPerSample == samples.opsPerSample
                && warmups == samples.warmups && elapsed.equals(samples.elapsed);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(nanosPerOp), opsPerSample, warmups, elapsed);
    }

    @Override
    public String toString() {
        return "Samples[" + Arrays.toString(nanosPerOp) + " ns/op, " + opsPerSample + " ops per sample, " + warmups
                + " warm-ups, " + elapsed + "]";
    }
}
