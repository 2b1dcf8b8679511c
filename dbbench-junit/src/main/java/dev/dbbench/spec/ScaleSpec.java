package dev.dbbench.spec;

import java.util.List;
import java.util.Optional;

import dev.dbbench.api.Growth;

/**
 * The parameter a benchmark runs over: its name, the values this run's scale gives it, in the order
 * they run, and how fast its work may grow with it.
 *
 * @param atMost the growth {@code @ExpectScaling} allows; empty when the benchmark states none
 * @param statementsAtMost the growth it allows the statements a call runs; empty when it states none
 */
public record ScaleSpec(String name, List<Long> values, Optional<Growth> atMost, Optional<Growth> statementsAtMost) {

    public ScaleSpec {
        values = List.copyOf(values);
    }

    /** A parameter whose statements may grow as fast as its work. */
    public ScaleSpec(String name, List<Long> values, Optional<Growth> atMost) {
        this(name, values, atMost, atMost);
    }

    /** One point per value, in order. */
    public List<ScalePoint> points() {
        return values.stream().map(value -> new ScalePoint(name, value)).toList();
    }
}
