package dev.dbbench.metric;

import java.util.Optional;

/**
 * How a metric's value is judged: how its findings act on the build, how a current value is judged
 * against the baseline's, confirmed by a re-run, and what the update mode accepts. One of the three
 * parts of a {@link Metric}.
 *
 * @param <V> the measured value, immutable
 * @param <A> what judging a value finds
 */
public interface MetricJudgement<V, A extends Assessment> {

    /** How the metric's findings act on the build. */
    Gating gating();

    /** Judges a current value against the baseline's, or alone when there is none. */
    A assess(V current, Optional<V> baseline, Judging context);

    /**
     * Combines the assessment of a suspected regression with that of fresh measurements taken to
     * confirm it; only {@link Gating#TIMING} metrics are ever re-measured.
     */
    default A confirm(A first, A rerun) {
        return rerun;
    }

    /**
     * What the update mode leaves of an assessment of a {@link Gating#EXACT} metric: the changes it
     * accepts are gone, a missed declared expectation stands.
     */
    default A accepted(A assessment) {
        return assessment;
    }
}
