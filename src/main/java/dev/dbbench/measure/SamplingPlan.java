package dev.dbbench.measure;

import java.time.Duration;

/**
 * How one benchmark is sampled.
 *
 * @param opsPerSample calls of the body per sample, or {@link #CALIBRATE} to pick a count that makes
 *     each sample last at least {@code minSampleTime}
 */
public record SamplingPlan(int warmups, int samples, int opsPerSample, Duration minSampleTime, Duration timeout) {

    /** Marker for "calibrate operations per sample". */
    public static final int CALIBRATE = 0;

    public SamplingPlan {
        if (warmups < 0 || samples < 1 || opsPerSample < 0) {
            throw new IllegalArgumentException(
                    "invalid sampling plan: warmups=" + warmups + ", samples=" + samples + ", opsPerSample=" + opsPerSample);
        }
    }
}
