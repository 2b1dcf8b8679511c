package dev.dbbench.engine;

/**
 * A fixed CPU-bound piece of work run inside the engine, such as an aggregate over a generated
 * series; its time tracks how fast the server's machine is, independent of any benchmark.
 */
public interface RulerWorkload extends AutoCloseable {

    /** Runs the workload once. */
    void run() throws Exception;

    /** Runs a short slice of the same work, a millisecond or two, timed between a benchmark's samples. */
    void slice() throws Exception;

    @Override
    void close() throws Exception;
}
