package dev.dbbench.metric;

import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One kind of figure measured per benchmark, such as wall time, server CPU time or statement plans:
 * how its value is stored in a baseline entry, how a current value is judged against the baseline's,
 * and how reports show it. Adding a kind of figure is one implementation of this interface plus its
 * place in {@link Metrics#ALL}.
 *
 * @param <V> the measured value, immutable
 * @param <A> what judging a value finds
 */
public interface Metric<V, A extends Assessment> {

    /** The metric's key in baseline entries and in {@code results.json}, such as {@code time}. */
    String id();

    /** How the metric's findings act on the build. */
    Gating gating();

    /** The value as stored under {@link #id()} in a baseline entry. */
    JsonNode write(V value);

    /**
     * The value stored under {@link #id()} in a baseline entry.
     *
     * @throws InvalidValueException when the JSON is not a value this metric ever writes, with the
     *     path of the offending field below the metric's key
     */
    V read(JsonNode json);

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
     * The value a baseline entry of several independent runs holds, from each run's value in order:
     * by default the first run's. Timed metrics keep every run, whose spread sets the fence later
     * runs are judged against.
     */
    default V pooled(List<V> runs) {
        return runs.get(0);
    }

    /**
     * What the update mode leaves of an assessment of a {@link Gating#EXACT} metric: the changes it
     * accepts are gone, a missed declared expectation stands.
     */
    default A accepted(A assessment) {
        return assessment;
    }

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

    /** The message this metric prints when its findings fail or warn. */
    default Optional<String> message(MetricResult<V, A> result, MetricResults all, Subject subject) {
        return Optional.empty();
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
