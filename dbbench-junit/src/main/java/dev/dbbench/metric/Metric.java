package dev.dbbench.metric;

import java.util.Optional;

import dev.dbbench.engine.Facts;

/**
 * One kind of figure measured per benchmark, such as wall time, server CPU time or statement plans:
 * how its value is stored ({@link MetricStorage}), how a current value is judged against the
 * baseline's ({@link MetricJudgement}), and how it shows itself in reports and messages
 * ({@link MetricRendering}). Adding a kind of figure is one implementation of this interface plus its
 * place in {@link Metrics#ALL}; a figure an engine's capture measures reaches it through
 * {@link #captured()}, with nothing between the engine and the metric naming it.
 *
 * @param <V> the measured value, immutable
 * @param <A> what judging a value finds
 */
public interface Metric<V, A extends Assessment>
        extends MetricStorage<V>, MetricJudgement<V, A>, MetricRendering<V, A> {

    /**
     * The type of the engine's figure this metric stores, where an engine's capture call measures it
     * into its {@link Facts}; empty for a metric whose value the run measures itself.
     */
    default Optional<Class<V>> captured() {
        return Optional.empty();
    }
}
