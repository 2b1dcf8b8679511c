package dev.dbbench.metric;

/**
 * One kind of figure measured per benchmark, such as wall time, server CPU time or statement plans:
 * how its value is stored ({@link MetricStorage}), how a current value is judged against the
 * baseline's ({@link MetricJudgement}), and how it shows itself in reports and messages
 * ({@link MetricRendering}). Adding a kind of figure is one implementation of this interface plus its
 * place in {@link Metrics#ALL}.
 *
 * @param <V> the measured value, immutable
 * @param <A> what judging a value finds
 */
public interface Metric<V, A extends Assessment>
        extends MetricStorage<V>, MetricJudgement<V, A>, MetricRendering<V, A> {
}
