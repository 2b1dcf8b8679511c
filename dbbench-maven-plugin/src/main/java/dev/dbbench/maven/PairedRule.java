package dev.dbbench.maven;

import java.util.Arrays;

import dev.dbbench.stats.Comparison;
import dev.dbbench.stats.PairedComparator;
import dev.dbbench.text.Figures;
import dev.dbbench.verdict.Verdict;

/**
 * The A/B's rule: each pair of rounds (one base JVM, one head JVM, run one right after the other)
 * gives one ratio, head over base, of their figures ({@link RoundFigures}); the JVM is the unit, as JMH's forks are, so a benchmark whose
 * JVMs settle in one of two speeds counts each JVM once instead of letting one JVM's many samples
 * outvote the others. The distribution-free interval of the ratios' median (the sign test's order
 * statistics, {@link PairedComparator}) at the benchmark's own confidence ({@code 1 - 2 alpha})
 * decides: above {@code 1 + threshold} whole, a confirmed slowdown ({@link Verdict#REGRESSION}, which
 * fails the build); below it whole, {@link Verdict#PASS} (or {@link Verdict#IMPROVEMENT} below
 * {@code 1 / (1 + threshold)}); straddling it, {@link Verdict#INCONCLUSIVE}, which passes and says
 * that more rounds would settle it.
 *
 * @param alpha one-sided significance level, the benchmark's {@code dbbench.alpha}
 * @param thresholdPercent the slowdown allowed, the benchmark's {@code dbbench.threshold-percent}
 */
record PairedRule(double alpha, double thresholdPercent) {

    /** What the rule found for one figure of one benchmark. */
    record Judgement(Verdict verdict, double[] ratios, Comparison comparison, String reason) {

        Judgement {
            ratios = ratios.clone();
        }

        @Override
        public double[] ratios() {
            return ratios.clone();
        }

        boolean fails() {
            return verdict == Verdict.REGRESSION;
        }
    }

    /** The fewest round pairs whose interval can clear the threshold at this alpha (7 at 0.01). */
    int pairsNeeded() {
        return PairedComparator.pairsNeededFor(1 - 2 * alpha);
    }

    /**
     * The fewest round pairs whose interval's lower end is the second smallest ratio, not the smallest
     * (11 at 0.01): so one pair of rounds whose base ran through a burst of a neighbour's load cannot
     * hide a slowdown. The sign test's order statistic: {@code P(B <= 1) = (n + 1) / 2^n <= alpha}
     * for {@code B ~ Binomial(n, 1/2)}.
     */
    int pairsToleratingOneOutlier() {
        int pairs = pairsNeeded();
        while ((pairs + 1) / Math.pow(2, pairs) > alpha) {
            pairs++;
        }
        return pairs;
    }

    /**
     * @param head per round pair, the head's figure (time per operation: lower is faster)
     * @param base the base's figure of the same pairs, by index
     */
    Judgement judge(double[] head, double[] base) {
        final Comparison comparison = new PairedComparator(1 - 2 * alpha).compare(head, base);
        final double[] ratios = new double[head.length];
        Arrays.setAll(ratios, i -> head[i] / base[i]);
        final double limit = 1 + thresholdPercent / 100;
        final String interval = Figures.percent(comparison.confidence()) + " interval of the median ratio "
                + Figures.interval(comparison.ratioLow(), comparison.ratioHigh()) + " over " + head.length
                + " round pairs";
        if (comparison.ratioLow() > limit) {
            return new Judgement(Verdict.REGRESSION, ratios, comparison, interval + ", all above the threshold "
                    + Figures.ratio(limit) + ": head is slower than base");
        }
        if (comparison.ratioHigh() < 1 / limit) {
            return new Judgement(Verdict.IMPROVEMENT, ratios, comparison, interval + ": head is faster than base");
        }
        if (comparison.ratioHigh() <= limit) {
            return new Judgement(Verdict.PASS, ratios, comparison, interval + ", within the threshold "
                    + Figures.ratio(limit));
        }
        return new Judgement(Verdict.INCONCLUSIVE, ratios, comparison, interval + ", across the threshold "
                + Figures.ratio(limit) + ": not a confirmed slowdown; more rounds (-Ddbbench.compare.rounds) would"
                + " settle it");
    }
}
