package dev.dbbench.metric;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * How a metric's value is kept: its key in baseline entries and {@code results.json}, its stored form,
 * and what a baseline entry of several runs holds. One of the three parts of a {@link Metric}.
 *
 * @param <V> the measured value, immutable
 */
public interface MetricStorage<V> {

    /** The metric's key in baseline entries and in {@code results.json}, such as {@code time}. */
    String id();

    /** The value as stored under {@link #id()} in a baseline entry. */
    JsonNode write(V value);

    /**
     * The value stored under {@link #id()} in a baseline entry.
     *
     * @throws InvalidValueException when the JSON is not a value this metric ever writes, with the
     *     path of the offending field below the metric's key
     */
    V read(JsonNode json);

    /**
     * The value a baseline entry of several independent runs holds, from each run's value in order:
     * by default the first run's. Timed metrics keep every run, whose spread sets the fence later
     * runs are judged against.
     */
    default V pooled(List<V> runs) {
        return runs.get(0);
    }
}
