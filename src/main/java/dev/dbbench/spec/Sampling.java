package dev.dbbench.spec;

import java.time.Duration;

/**
 * How one benchmark is sampled.
 *
 * @param opsPerSample calls of the body per sample, or {@link #CALIBRATE} to pick a count that makes
 *     each sample last at least {@code minSampleTime}
 * @param timeout bounds the whole benchmark (calibration, warm-ups, samples) and each single call
 */
public record Sampling(int warmups, int samples, int opsPerSample, Duration minSampleTime, Duration timeout) {

    /** Marker for "calibrate operations per sample". */
    public static final int CALIBRATE = 0;

    public Sampling {
        if (warmups < 0 || samples < 1 || opsPerSample < 0) {
            throw new IllegalArgumentException(
                    "invalid sampling: warmups=" + warmups + ", samples=" + samples + ", opsPerSample=" + opsPerSample);
        }
    }
}
