package dev.dbbench.metric;

import java.util.List;
import java.util.Optional;

/** The judged metrics of one benchmark, in {@link Metrics#ALL} order. */
public record MetricResults(List<MetricResult<?, ?>> all) {

    public MetricResults {
        all = List.copyOf(all);
    }

    /** The result of one metric, when the benchmark measured it. */
    @SuppressWarnings("unchecked")
    public <V, A extends Assessment> Optional<MetricResult<V, A>> get(Metric<V, A> metric) {
        return all.stream().filter(result -> result.metric() == metric).findFirst()
                .map(result -> (MetricResult<V, A>) result);
    }

    /** The current value of one metric, when the benchmark measured it. */
    public <V, A extends Assessment> Optional<V> current(Metric<V, A> metric) {
        return get(metric).map(MetricResult::current);
    }
}
