package dev.dbbench.measure;

import java.time.Duration;

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
}
