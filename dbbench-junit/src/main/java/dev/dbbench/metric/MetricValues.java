package dev.dbbench.metric;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Values of several metrics, at most one per metric, kept in {@link Metrics#ALL} order: what one run
 * of a benchmark measured, or what its baseline entry holds. Immutable.
 */
public final class MetricValues {

    private static final MetricValues EMPTY = new MetricValues(Map.of());

    private final Map<Metric<?, ?>, Object> values;

    private MetricValues(Map<Metric<?, ?>, Object> values) {
        final Map<Metric<?, ?>, Object> ordered = new LinkedHashMap<>();
        for (Metric<?, ?> metric : Metrics.ALL) {
            if (values.containsKey(metric)) {
                ordered.put(metric, values.get(metric));
            }
        }
        this.values = Collections.unmodifiableMap(ordered);
    }

    public static MetricValues empty() {
        return EMPTY;
    }

    /** These values with one more, or one replaced. */
    public <V> MetricValues with(Metric<V, ?> metric, V value) {
        final Map<Metric<?, ?>, Object> copy = new LinkedHashMap<>(values);
        copy.put(metric, value);
        return new MetricValues(copy);
    }

    /** These values with every value of {@code others} added or replacing its own. */
    public MetricValues withAll(MetricValues others) {
        final Map<Metric<?, ?>, Object> copy = new LinkedHashMap<>(values);
        copy.putAll(others.values);
        return new MetricValues(copy);
    }

    /**
     * The values of several independent runs as one, as a baseline entry of several runs holds them:
     * each metric every run measured pooled the metric's way, any other as the first run has it.
     */
    public static MetricValues pooled(List<MetricValues> runs) {
        MetricValues values = runs.get(0);
        for (Metric<?, ?> metric : values.metrics()) {
            values = pooled(metric, values, runs);
        }
        return values;
    }

    private static <V> MetricValues pooled(Metric<V, ?> metric, MetricValues values, List<MetricValues> runs) {
        final List<V> each = runs.stream().map(run -> run.get(metric)).flatMap(Optional::stream).toList();
        return each.size() == runs.size() ? values.with(metric, metric.pooled(each)) : values;
    }

    @SuppressWarnings("unchecked")
    public <V> Optional<V> get(Metric<V, ?> metric) {
        return Optional.ofNullable((V) values.get(metric));
    }

    /** The metrics that have a value, in {@link Metrics#ALL} order. */
    public Set<Metric<?, ?>> metrics() {
        return values.keySet();
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    // Values may hold arrays; they compare by their JSON form, which is what a baseline file holds.
    @Override
    public boolean equals(Object other) {
        return other instanceof MetricValues that && json().equals(that.json());
    }

    @Override
    public int hashCode() {
        return json().hashCode();
    }

    @Override
    public String toString() {
        return json().toString();
    }

    private Map<String, Object> json() {
        final Map<String, Object> json = new LinkedHashMap<>();
        values.forEach((metric, value) -> json.put(metric.id(), write(metric, value)));
        return json;
    }

    @SuppressWarnings("unchecked")
    private static <V> Object write(Metric<V, ?> metric, Object value) {
        return metric.write((V) value);
    }
}
