package dev.dbbench.evaluate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

import dev.dbbench.api.Growth;
import dev.dbbench.engine.Traffic;
import dev.dbbench.explain.StatementPlans;
import dev.dbbench.metric.Assessment;
import dev.dbbench.metric.InstructionCounts;
import dev.dbbench.metric.Instructions;
import dev.dbbench.metric.Metric;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.TrafficCounts;
import dev.dbbench.spec.BenchmarkId;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.ScalePoint;
import dev.dbbench.verdict.ScalingJudge;
import dev.dbbench.verdict.ScalingJudgement;

/**
 * Judges a benchmark's {@code @ExpectScaling} from its results at every value of its parameter on one
 * target, on the counts every value measured: server instructions, the plans' shared blocks, the
 * documents and index keys a MongoDB server's profiler saw examined, and the statements (commands) of the
 * capture call, in total and each; with how the time, round trips and rows grew beside.
 */
final class ScalingEvaluator {

    private final Gate gate;

    ScalingEvaluator(Gate gate) {
        this.gate = gate;
    }

    /** @param results one per value of the parameter, on one target, in any order */
    ScalingResult evaluate(Growth atMost, Growth statementsAtMost, List<ScalingSeries.Value> results) {
        final List<ScalingSeries.Value> ordered = results.stream()
                .sorted(Comparator.comparingLong(result -> point(result).value())).toList();
        final BenchmarkId first = ordered.get(0).id();
        final List<ScalingJudge.Count> counts = new ArrayList<>();
        count(ordered, Metrics.INSTRUCTIONS, InstructionCounts::perOp).ifPresent(perValue -> counts.add(
                new ScalingJudge.Count("server instructions", perValue, Instructions.MIN_INSTRUCTIONS)));
        count(ordered, Metrics.PLANS, StatementPlans::sharedBlocksPerOp).ifPresent(perValue -> counts.add(
                new ScalingJudge.Count("shared blocks", perValue, 0)));
        count(ordered, Metrics.COMMAND_PLANS, profile -> profile.profiled()
                ? Optional.of(profile.docsExaminedPerOp()) : Optional.<Long>empty())
                .flatMap(ScalingEvaluator::present).ifPresent(perValue -> counts.add(
                        new ScalingJudge.Count("docs examined", perValue, 0)));
        count(ordered, Metrics.COMMAND_PLANS, profile -> profile.profiled()
                ? Optional.of(profile.keysExaminedPerOp()) : Optional.<Long>empty())
                .flatMap(ScalingEvaluator::present).ifPresent(perValue -> counts.add(
                        new ScalingJudge.Count("keys examined", perValue, 0)));
        count(ordered, Metrics.TRAFFIC, ScalingEvaluator::statements).ifPresent(perValue -> counts.add(
                new ScalingJudge.Count("statements", perValue, 0, Optional.of(statementsAtMost))));
        final List<ScalingJudge.Series> informing = new ArrayList<>();
        count(ordered, Metrics.TIME, timings -> timings.summary().median()).ifPresent(perValue -> informing.add(
                new ScalingJudge.Series("time (median)", perValue, true)));
        count(ordered, Metrics.TRAFFIC, Traffic::roundTrips).ifPresent(perValue -> informing.add(
                new ScalingJudge.Series("round trips", doubles(perValue), false)));
        count(ordered, Metrics.PLANS, ScalingEvaluator::rows).ifPresent(perValue -> informing.add(
                new ScalingJudge.Series("rows returned", doubles(perValue), false)));
        final List<ScalingJudge.Statement> statements = count(ordered, Metrics.TRAFFIC, Function.identity())
                .map(traffic -> byStatement(traffic, EngineKind.ofLabel(first.target()))).orElse(List.of());
        final ScalingJudgement judgement = ScalingJudge.judge(atMost, statementsAtMost, point(ordered.get(0)).name(),
                ordered.stream().map(result -> point(result).value()).toList(), counts, informing, statements);
        final Decision decision = gate.decide(judgement.verdict());
        return new ScalingResult(new BenchmarkId(first.className(), first.method(), first.target()).key(), judgement,
                decision.fails(), decision.warns());
    }

    private static ScalePoint point(ScalingSeries.Value result) {
        return result.id().point().orElseThrow(() -> new IllegalArgumentException(result.id().qualifiedName()
                + " runs over no parameter"));
    }

    /** One figure per result, when every result measured the metric. */
    private static <V, A extends Assessment, F> Optional<List<F>> count(List<ScalingSeries.Value> results,
            Metric<V, A> metric, Function<V, F> figure) {
        final List<F> figures = new ArrayList<>();
        for (ScalingSeries.Value result : results) {
            final Optional<V> value = result.results().current(metric);
            if (value.isEmpty()) {
                return Optional.empty();
            }
            figures.add(figure.apply(value.get()));
        }
        return Optional.of(figures);
    }

    /** The figures, when every value has one (a server profiled at every value). */
    private static Optional<List<Long>> present(List<Optional<Long>> figures) {
        return figures.stream().allMatch(Optional::isPresent)
                ? Optional.of(figures.stream().map(Optional::get).toList()) : Optional.empty();
    }

    private static long statements(Traffic traffic) {
        return traffic.requests().values().stream().mapToLong(Long::longValue).sum();
    }

    /** Rows one call's statements returned: each statement's rows times its executions. */
    private static long rows(StatementPlans plans) {
        return plans.plans().stream().mapToLong(plan -> plan.rows() * plan.executionsPerOp()).sum();
    }

    private static List<Double> doubles(List<Long> counts) {
        return counts.stream().map(Long::doubleValue).toList();
    }

    /**
     * Each statement's executions per call at each value, statements told apart as the traffic tells
     * them ({@link TrafficCounts#identity}) and shown as the largest value's call sent them.
     */
    private static List<ScalingJudge.Statement> byStatement(List<Traffic> traffic, EngineKind engine) {
        final Map<String, String> texts = new TreeMap<>();
        traffic.forEach(call -> call.requests().keySet().forEach(text -> texts.put(TrafficCounts.identity(text, engine),
                text)));
        final List<ScalingJudge.Statement> statements = new ArrayList<>();
        texts.forEach((normalized, text) -> statements.add(new ScalingJudge.Statement(text, traffic.stream()
                .map(call -> TrafficCounts.byRequest(call.requests(), engine).getOrDefault(normalized, 0L)).toList())));
        return statements;
    }
}
