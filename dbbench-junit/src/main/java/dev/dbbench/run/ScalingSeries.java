package dev.dbbench.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.dbbench.api.Growth;
import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.evaluate.ScalingEvaluator;
import dev.dbbench.spec.ScaleSpec;

/**
 * The results of one benchmark's invocations, gathered per engine target until every value of its
 * parameter has run there; the invocation that completes a target's values carries the judgement of
 * its {@code @ExpectScaling}. A value whose invocation ended without a result (an error, which fails
 * it) leaves its target's growth unjudged.
 */
public final class ScalingSeries {

    private final ScalingEvaluator evaluator;
    private final Growth atMost;
    private final int values;
    private final Map<String, List<BenchmarkResult>> byTarget = new HashMap<>();

    /** @param scale the benchmark's parameter, which states how fast its work may grow */
    public ScalingSeries(RunContext run, ScaleSpec scale) {
        this.evaluator = new ScalingEvaluator(run.gate());
        this.atMost = scale.atMost().orElseThrow(() -> new IllegalArgumentException("no @ExpectScaling on "
                + scale.name()));
        this.values = scale.values().size();
    }

    /** The result, with the judgement of the benchmark's growth when it completes its target's values. */
    public synchronized BenchmarkResult add(BenchmarkResult result) {
        final List<BenchmarkResult> series = byTarget.computeIfAbsent(result.id().target(),
                target -> new ArrayList<>());
        series.add(result);
        return series.size() == values ? result.withScaling(evaluator.evaluate(atMost, series)) : result;
    }
}
