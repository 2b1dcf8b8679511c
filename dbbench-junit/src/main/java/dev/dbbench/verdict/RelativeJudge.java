package dev.dbbench.verdict;

import java.util.Locale;
import java.util.Optional;

import dev.dbbench.stats.Comparison;
import dev.dbbench.stats.PairedComparator;
import dev.dbbench.stats.Summary;

/**
 * Decides whether one benchmark is at least a factor faster than another from interleaved samples:
 * met when the whole interval of the speed-up clears the factor, missed when it lies wholly below.
 * The speed-up is the median of the per-pair ratios, so drift shared by a pair cancels.
 */
public final class RelativeJudge {

    private final PairedComparator comparator;
    private final double confidence;

    /** @param alpha one-sided level; the interval of the speed-up has coverage {@code 1 - 2 alpha} */
    public RelativeJudge(double alpha) {
        this.confidence = 1 - 2 * alpha;
        this.comparator = new PairedComparator(confidence);
    }

    /**
     * @param thisSide samples of the benchmark that carries the expectation
     * @param otherSide samples of the benchmark it must beat, taken interleaved with {@code thisSide}:
     *        as many, sample {@code i} of each side next to the other's
     */
    public ExpectationJudgement judge(double[] thisSide, double[] otherSide, double factor) {
        final Comparison comparison = comparator.compare(otherSide, thisSide);
        final double speedup = comparison.ratio();
        final String figures = String.format(Locale.ROOT, "%.2fx faster, %.0f%% interval %.2fx to %.2fx, needs %.2fx",
                speedup, confidence * 100, comparison.ratioLow(), comparison.ratioHigh(), factor);
        final ExpectationVerdict verdict;
        final String reason;
        if (comparison.ratioLow() >= factor) {
            verdict = ExpectationVerdict.MET;
            reason = figures;
        } else if (comparison.ratioHigh() < factor) {
            verdict = ExpectationVerdict.MISSED;
            reason = figures;
        } else {
            verdict = ExpectationVerdict.INCONCLUSIVE;
            reason = figures + "; the interval straddles the factor" + moreSamples(comparison, factor, thisSide.length);
        }
        return new ExpectationJudgement(verdict, speedup, comparison, factor, Summary.of(thisSide).median(),
                Summary.of(otherSide).median(), reason, Optional.empty());
    }

    /**
     * An unclear pass extended by a second interleaved pass: the verdict of both passes' pairs together,
     * which a first pass of few or noisy pairs could not give.
     *
     * @param pooled the judgement of the first pass's pairs and the second's, one after another
     */
    public static ExpectationJudgement extended(ExpectationJudgement first, ExpectationJudgement pooled) {
        return new ExpectationJudgement(pooled.verdict(), pooled.speedup(), pooled.comparison(), pooled.factor(),
                pooled.thisMedian(), pooled.otherMedian(), "unclear in one pass (" + first.reason()
                        + "); over two interleaved passes: " + pooled.reason(), Optional.of(first));
    }

    /** A miss stands only when its re-run misses too. */
    public static ExpectationJudgement confirm(ExpectationJudgement first, ExpectationJudgement rerun) {
        final ExpectationVerdict verdict = rerun.verdict() == ExpectationVerdict.MISSED
                ? ExpectationVerdict.MISSED : ExpectationVerdict.INCONCLUSIVE;
        final String reason = (verdict == ExpectationVerdict.MISSED ? "missed twice: " : "miss not repeated by a re-run: ")
                + "first " + first.reason() + "; re-run " + rerun.reason();
        return new ExpectationJudgement(verdict, rerun.speedup(), rerun.comparison(), rerun.factor(),
                rerun.thisMedian(), rerun.otherMedian(), reason, Optional.of(first));
    }

    /**
     * Roughly how many samples per side would settle it. The interval's reach from the speed-up toward
     * the factor shrinks with the square root of the sample count; the interval need not be symmetric,
     * so the side facing the factor is the one that must clear it.
     */
    private String moreSamples(Comparison comparison, double factor, int samples) {
        if (Double.isInfinite(comparison.ratioHigh())) {
            return "; a " + Math.round(confidence * 100) + "% interval needs at least "
                    + PairedComparator.pairsNeededFor(confidence) + " samples per side";
        }
        final double ratio = comparison.ratio();
        final double reach = ratio >= factor ? Math.log(ratio) - Math.log(comparison.ratioLow())
                : Math.log(comparison.ratioHigh()) - Math.log(ratio);
        final double distance = Math.abs(Math.log(ratio) - Math.log(factor));
        if (distance <= 0) {
            return "; the speed-up sits on the factor: no sample count would tell";
        }
        final int needed = Math.max(samples + 1, (int) Math.ceil(samples * Math.pow(reach / distance, 2)));
        return "; about " + needed + " samples per side would tell";
    }
}
