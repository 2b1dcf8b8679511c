package dev.dbbench.metric;

import java.util.List;

/** A figure of a benchmark's client threads: how many clients there were, and the timed figure judged. */
interface ClientFigure {

    /** How many client threads called the body at once. */
    int threads();

    /** The figure judged against the baseline's, as timings of its samples in nanoseconds. */
    Timings judged();

    /**
     * The client threads of runs to be pooled, which must all have had as many: figures of other
     * client counts measure another load.
     */
    static int threadsOf(List<? extends ClientFigure> runs) {
        final int threads = runs.get(0).threads();
        if (runs.stream().anyMatch(run -> run.threads() != threads)) {
            throw new IllegalArgumentException("runs of " + runs.stream().map(run -> String.valueOf(run.threads()))
                    .distinct().toList() + " client threads cannot be pooled into one baseline");
        }
        return threads;
    }
}
