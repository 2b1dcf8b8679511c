package dev.dbbench.evaluate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.dbbench.api.Growth;
import dev.dbbench.metric.MetricResults;
import dev.dbbench.spec.BenchmarkId;
import dev.dbbench.spec.ScaleSpec;

/**
 * The judged metrics of one benchmark's values, gathered per engine target until every value of its
 * parameter has run there; the evaluation of the value that completes a target's values judges its
 * {@code @ExpectScaling}. A value whose invocation ended without a result (an error, which fails it)
 * leaves its target's growth unjudged.
 */
public final class ScalingSeries {

    /** One value's judged metrics. */
    record Value(BenchmarkId id, MetricResults results) {
    }

    private final Growth atMost;
    private final Growth statementsAtMost;
    private final int values;
    private final Map<String, List<Value>> byTarget = new HashMap<>();

    /** @param scale the benchmark's parameter, which states how fast its work may grow */
    public ScalingSeries(ScaleSpec scale) {
        this.atMost = scale.atMost().orElseThrow(() -> new IllegalArgumentException("no @ExpectScaling on "
                + scale.name()));
        this.statementsAtMost = scale.statementsAtMost().orElse(atMost);
        this.values = scale.values().size();
    }

    Growth atMost() {
        return atMost;
    }

    Growth statementsAtMost() {
        return statementsAtMost;
    }

    /** Adds one value's metrics; every value of its target, once this one completes them. */
    synchronized Optional<List<Value>> add(BenchmarkId id, MetricResults results) {
        final List<Value> series = byTarget.computeIfAbsent(id.target(), target -> new ArrayList<>());
        series.add(new Value(id, results));
        return series.size() == values ? Optional.of(List.copyOf(series)) : Optional.empty();
    }
}
