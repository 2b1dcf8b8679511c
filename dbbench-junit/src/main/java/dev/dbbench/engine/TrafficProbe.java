package dev.dbbench.engine;

/** Counts what a benchmark's connections send and receive during one call of its body. */
@FunctionalInterface
public interface TrafficProbe {

    /** One call whose traffic is counted. */
    @FunctionalInterface
    interface Call {
        void run() throws Throwable;
    }

    /** What {@code call} sent and received. */
    Traffic during(Call call) throws Throwable;
}
