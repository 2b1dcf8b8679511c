package dev.dbbench.spec;

import java.time.Duration;

/**
 * How one benchmark is sampled.
 *
 * @param opsPerSample calls of the body per sample, or {@link #CALIBRATE} to pick a count that makes
 *     each sample last at least {@code minSampleTime}; with client threads, each client's calls per
 *     sample, or {@link #CALIBRATE} for samples that last {@code minSampleTime}
 * @param timeout bounds the whole benchmark (calibration, warm-ups, samples) and each single call
 * @param threads client threads that call the body at once, each with values of its own, or
 *     {@link #NO_CLIENTS}: the body runs alone on dbbench's sampling thread
 */
public record Sampling(int warmups, int samples, int opsPerSample, Duration minSampleTime, Duration timeout,
        int threads) {

    /** Marker for "calibrate operations per sample". */
    public static final int CALIBRATE = 0;

    /** Marker for "no client threads". */
    public static final int NO_CLIENTS = 0;

    public Sampling {
        if (warmups < 0 || samples < 1 || opsPerSample < 0 || threads < 0) {
            throw new IllegalArgumentException("invalid sampling: warmups=" + warmups + ", samples=" + samples
                    + ", opsPerSample=" + opsPerSample + ", threads=" + threads);
        }
    }

    /** Sampling of a body that runs alone, without client threads. */
    public Sampling(int warmups, int samples, int opsPerSample, Duration minSampleTime, Duration timeout) {
        this(warmups, samples, opsPerSample, minSampleTime, timeout, NO_CLIENTS);
    }

    /** Whether client threads call the body, rather than dbbench's own thread alone. */
    public boolean hasClients() {
        return threads != NO_CLIENTS;
    }
}
