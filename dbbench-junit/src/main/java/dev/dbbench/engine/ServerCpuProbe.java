package dev.dbbench.engine;

/**
 * Reads the cumulative CPU time a database server spent serving one of a benchmark's connections.
 * The sampler reads it right before and right after each timed sample, never inside the timed
 * region, so the difference is the server's share of the sample's wall time.
 */
@FunctionalInterface
public interface ServerCpuProbe {

    /** The server's CPU time for the connection so far, in nanoseconds. */
    long read() throws Exception;
}
