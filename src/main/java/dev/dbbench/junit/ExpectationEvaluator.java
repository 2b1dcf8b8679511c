package dev.dbbench.junit;

import java.util.ArrayList;
import java.util.List;

import dev.dbbench.engine.EngineTarget;
import dev.dbbench.measure.Sampler;
import dev.dbbench.measure.Samples;
import dev.dbbench.report.ExpectationResult;
import dev.dbbench.verdict.ExpectationJudgement;
import dev.dbbench.verdict.Gate;
import dev.dbbench.verdict.RelativeJudge;

/**
 * Judges a benchmark's {@code @ExpectFasterThan} expectations from samples taken interleaved with
 * the other sides, re-running a miss (interleaved again) before it can fail.
 */
final class ExpectationEvaluator {

    /** The other side of one expectation, ready to sample. */
    record OtherSide(ExpectationPlan plan, EngineTarget target, Sampler.Side side) {
    }

    private final Gate gate;
    private final RelativeJudge judge;
    private final Sampler sampler;

    ExpectationEvaluator(Gate gate, double alpha, Sampler sampler) {
        this.gate = gate;
        this.judge = new RelativeJudge(alpha);
        this.sampler = sampler;
    }

    /**
     * @param samples this side's samples first, then each other side's, as {@link Sampler#runInterleaved} returned them
     */
    List<ExpectationResult> evaluate(BenchmarkPlan plan, EngineTarget target, Sampler.Side own,
            List<OtherSide> others, List<Samples> samples) throws Throwable {
        final List<ExpectationResult> results = new ArrayList<>();
        for (int i = 0; i < others.size(); i++) {
            final OtherSide other = others.get(i);
            ExpectationJudgement judgement = judge.judge(samples.get(0).nanosPerOp(),
                    samples.get(i + 1).nanosPerOp(), other.plan().factor());
            if (gate.confirms(judgement.verdict())) {
                final List<Samples> again = sampler.runInterleaved(List.of(own, other.side()));
                judgement = RelativeJudge.confirm(judgement,
                        judge.judge(again.get(0).nanosPerOp(), again.get(1).nanosPerOp(), other.plan().factor()));
            }
            final Gate.Decision decision = gate.decide(judgement.verdict());
            results.add(new ExpectationResult(plan.key(target),
                    other.plan().other().getName() + " [" + other.target().label() + "]", judgement, decision.fails(),
                    decision.warns()));
        }
        return results;
    }
}
