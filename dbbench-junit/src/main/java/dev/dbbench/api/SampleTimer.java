package dev.dbbench.api;

/**
 * Injected into a benchmark to time only an explicit region of its body; a sample in which the body
 * never calls {@link #start()} is timed whole.
 */
public interface SampleTimer {

    /** Starts timing the region; must be followed by {@link #stop()} in the same call of the body. */
    void start();

    /** Stops timing the region started by {@link #start()}; the time adds to the current sample. */
    void stop();
}
