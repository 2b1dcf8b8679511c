package dev.dbbench.evaluate;

import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.metric.MetricValues;

/**
 * What one run of a benchmark on one target measured, before any judging.
 *
 * @param values each metric's value; wall time always, others where the engine and body allowed
 * @param environment the facts of the machine and server the values were measured on
 * @param unmeasured for metrics this run could not measure but usually would (server instructions
 *     without valgrind), by metric id, why not
 * @param switchedOff for metrics the configuration switched off, by metric id, the setting that did,
 *     such as {@code dbbench.count.instructions=off}
 * @param expectations for each {@code @ExpectFasterThan} that applies on the target, the samples of
 *     both sides, taken interleaved with the benchmark's own
 */
public record Measurement(MetricValues values, SortedMap<String, String> environment,
        SortedMap<String, String> unmeasured, SortedMap<String, String> switchedOff,
        List<ExpectationEvaluator.Pair> expectations) {

    public Measurement {
        environment = Collections.unmodifiableSortedMap(new TreeMap<>(environment));
        unmeasured = Collections.unmodifiableSortedMap(new TreeMap<>(unmeasured));
        switchedOff = Collections.unmodifiableSortedMap(new TreeMap<>(switchedOff));
        expectations = List.copyOf(expectations);
    }

    /** A measurement without expectations. */
    public Measurement(MetricValues values, SortedMap<String, String> environment,
            SortedMap<String, String> unmeasured, SortedMap<String, String> switchedOff) {
        this(values, environment, unmeasured, switchedOff, List.of());
    }

    /** This measurement with the samples of its expectations' sides. */
    public Measurement withExpectations(List<ExpectationEvaluator.Pair> pairs) {
        return new Measurement(values, environment, unmeasured, switchedOff, pairs);
    }

    /** A measurement of every metric the run could take that the configuration left on. */
    public Measurement(MetricValues values, SortedMap<String, String> environment,
            SortedMap<String, String> unmeasured) {
        this(values, environment, unmeasured, new TreeMap<>());
    }

    /** A measurement of every metric the run could take. */
    public Measurement(MetricValues values, SortedMap<String, String> environment) {
        this(values, environment, new TreeMap<>());
    }
}
