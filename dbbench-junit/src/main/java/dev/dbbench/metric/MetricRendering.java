package dev.dbbench.metric;

import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * How a judged metric shows itself, rendered once per result into the report model: table columns and
 * cells, summary, the context line it lends other messages, what its message holds (written as every
 * metric's message reads by {@link MetricMessage#write}), its fields in {@code results.json}, and its
 * figures as numbers. One of the three parts of a {@link Metric}.
 *
 * @param <V> the measured value, immutable
 * @param <A> what judging a value finds
 */
public interface MetricRendering<V, A extends Assessment> {

    /** The table columns this metric fills, in order; empty when it has none. */
    default List<String> columns() {
        return List.of();
    }

    /** The cells under {@link #columns()} for one result. */
    default List<String> cells(MetricResult<V, A> result, MetricResults all) {
        return List.of();
    }

    /** What the metric adds to a benchmark's one-line summary, such as {@code server CPU 1.2 ms}. */
    default Optional<String> summary(MetricResult<V, A> result, MetricResults all) {
        return Optional.empty();
    }

    /**
     * A line another metric's failure message may carry as context, labelled, such as the server CPU
     * time beside a wall-time regression: a slowdown whose server work did not move is the client's.
     */
    default Optional<ContextLine> context(MetricResult<V, A> result, MetricResults all) {
        return Optional.empty();
    }

    /**
     * What the message this metric prints when its findings fail, warn or inform holds;
     * {@link MetricMessage#write} writes it as every metric's message reads.
     */
    default Optional<MetricMessage> message(MetricResult<V, A> result, MetricResults all, Subject subject) {
        return Optional.empty();
    }

    /** Tables the HTML report shows in the benchmark's section, such as where a count moved; usually none. */
    default List<DetailTable> tables(MetricResult<V, A> result, MetricResults all) {
        return List.of();
    }

    /** The metric's part of a result in {@code results.json}. */
    JsonNode json(MetricResult<V, A> result);

    /**
     * The metric's figures as plain numbers, current and baseline, for the HTML report's charts and
     * the dashboard exports (JMH, Bencher); empty when it has none to chart.
     */
    default List<Measure> measures(MetricResult<V, A> result) {
        return List.of();
    }
}
