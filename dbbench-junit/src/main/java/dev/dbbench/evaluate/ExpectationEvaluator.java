package dev.dbbench.evaluate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.dbbench.spec.BenchmarkId;
import dev.dbbench.verdict.ExpectationJudgement;
import dev.dbbench.verdict.ExpectationVerdict;
import dev.dbbench.verdict.RelativeJudge;

/**
 * Judges a benchmark's {@code @ExpectFasterThan} expectations from samples taken interleaved with
 * the other sides: an unclear pass is extended by a second interleaved pass and judged on both, and a
 * miss is re-run (interleaved again) before it can fail.
 */
public final class ExpectationEvaluator {

    /**
     * One expectation with the samples of both sides, taken interleaved.
     *
     * @param other the benchmark it must beat, with its target: {@code findByBrandArrow [postgres 17 embedded]}
     */
    public record Pair(String other, double factor, double[] thisSide, double[] otherSide) {
    }

    private final Gate gate;
    private final RelativeJudge judge;

    public ExpectationEvaluator(Gate gate, double alpha) {
        this.gate = gate;
        this.judge = new RelativeJudge(alpha);
    }

    /** @param remeasure samples the sides of expectation {@code i} (of {@code pairs}) again, interleaved */
    public List<ExpectationResult> evaluate(BenchmarkId id, List<Pair> pairs, Remeasurement remeasure)
            throws Throwable {
        final List<ExpectationResult> results = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            final Pair pair = pairs.get(i);
            ExpectationJudgement judgement = judge.judge(pair.thisSide(), pair.otherSide(), pair.factor());
            if (judgement.verdict() == ExpectationVerdict.INCONCLUSIVE) {
                // An unclear pass is a warning no one can act on; a second interleaved pass usually settles it.
                final List<double[]> more = remeasure.expectation(i);
                judgement = RelativeJudge.extended(judgement, judge.judge(joined(pair.thisSide(), more.get(0)),
                        joined(pair.otherSide(), more.get(1)), pair.factor()));
            }
            if (gate.confirms(judgement.verdict())) {
                final List<double[]> again = remeasure.expectation(i);
                judgement = RelativeJudge.confirm(judgement, judge.judge(again.get(0), again.get(1), pair.factor()));
            }
            final Decision decision = gate.decide(judgement.verdict());
            results.add(new ExpectationResult(id.key(), pair.other(), judgement, decision.fails(), decision.warns()));
        }
        return results;
    }

    /** The pairs of two passes, one pass after the other: pair {@code i} of each side stays together. */
    private static double[] joined(double[] first, double[] second) {
        final double[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
