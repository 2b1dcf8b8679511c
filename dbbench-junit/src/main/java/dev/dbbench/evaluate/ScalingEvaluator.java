package dev.dbbench.evaluate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import dev.dbbench.api.Growth;
import dev.dbbench.explain.StatementPlans;
import dev.dbbench.metric.Assessment;
import dev.dbbench.metric.InstructionCounts;
import dev.dbbench.metric.Instructions;
import dev.dbbench.metric.Metric;
import dev.dbbench.metric.Metrics;
import dev.dbbench.spec.BenchmarkId;
import dev.dbbench.spec.ScalePoint;
import dev.dbbench.verdict.ScalingJudge;
import dev.dbbench.verdict.ScalingJudgement;

/**
 * Judges a benchmark's {@code @ExpectScaling} from its results at every value of its parameter on one
 * target, on the counts every value measured: server instructions and the plans' shared blocks.
 */
final class ScalingEvaluator {

    private final Gate gate;

    ScalingEvaluator(Gate gate) {
        this.gate = gate;
    }

    /** @param results one per value of the parameter, on one target, in any order */
    ScalingResult evaluate(Growth atMost, List<ScalingSeries.Value> results) {
        final List<ScalingSeries.Value> ordered = results.stream()
                .sorted(Comparator.comparingLong(result -> point(result).value())).toList();
        final BenchmarkId first = ordered.get(0).id();
        final List<ScalingJudge.Count> counts = new ArrayList<>();
        count(ordered, "server instructions", Metrics.INSTRUCTIONS, InstructionCounts::perOp,
                Instructions.MIN_INSTRUCTIONS).ifPresent(counts::add);
        count(ordered, "shared blocks", Metrics.PLANS, StatementPlans::sharedBlocksPerOp, 0).ifPresent(counts::add);
        final ScalingJudgement judgement = ScalingJudge.judge(atMost, point(ordered.get(0)).name(),
                ordered.stream().map(result -> point(result).value()).toList(), counts);
        final Decision decision = gate.decide(judgement.verdict());
        return new ScalingResult(new BenchmarkId(first.className(), first.method(), first.target()).key(), judgement,
                decision.fails(), decision.warns());
    }

    private static ScalePoint point(ScalingSeries.Value result) {
        return result.id().point().orElseThrow(() -> new IllegalArgumentException(result.id().qualifiedName()
                + " runs over no parameter"));
    }

    /** One count per result, when every result measured it. */
    private static <V, A extends Assessment> Optional<ScalingJudge.Count> count(List<ScalingSeries.Value> results,
            String name, Metric<V, A> metric, Function<V, Long> perOp, long slack) {
        final List<Long> counts = new ArrayList<>();
        for (ScalingSeries.Value result : results) {
            final Optional<V> value = result.results().current(metric);
            if (value.isEmpty()) {
                return Optional.empty();
            }
            counts.add(perOp.apply(value.get()));
        }
        return Optional.of(new ScalingJudge.Count(name, counts, slack));
    }
}
