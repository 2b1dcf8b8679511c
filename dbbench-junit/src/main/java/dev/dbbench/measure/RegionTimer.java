package dev.dbbench.measure;

import dev.dbbench.api.SampleTimer;

/** The {@link SampleTimer} given to a benchmark body: sums the regions it times within one sample. */
public final class RegionTimer implements SampleTimer {

    private static final long STOPPED = Long.MIN_VALUE;

    private long accumulated;
    private long startedAt = STOPPED;
    private boolean used;

    @Override
    public void start() {
        if (startedAt != STOPPED) {
            throw new IllegalStateException("SampleTimer.start() called twice without stop()");
        }
        used = true;
        startedAt = System.nanoTime();
    }

    @Override
    public void stop() {
        final long now = System.nanoTime();
        if (startedAt == STOPPED) {
            throw new IllegalStateException("SampleTimer.stop() called without start()");
        }
        accumulated += now - startedAt;
        startedAt = STOPPED;
    }

    void beginSample() {
        accumulated = 0;
        used = false;
        startedAt = STOPPED;
    }

    /** The sample's time: the timed regions when the body used the timer, else the wall time. */
    long endSample(long wallNanos) {
        if (startedAt != STOPPED) {
            throw new IllegalStateException("SampleTimer.start() was not followed by stop() before the body returned");
        }
        return used ? accumulated : wallNanos;
    }
}
