package dev.dbbench.stats;

import java.util.Arrays;

import org.apache.commons.statistics.distribution.BinomialDistribution;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.BinomialTest;

/**
 * Compares two sets of samples taken in pairs, sample {@code i} of one side right after sample
 * {@code i} of the other (A B A B ...): the median of the per-pair ratios, a distribution-free
 * interval from its order statistics, and sign-test p-values.
 *
 * <p>Drift in the machine's speed moves both samples of a pair alike, so it cancels in each pair's
 * ratio instead of widening the interval as it does when the two sides are treated as independent.
 */
public final class PairedComparator {

    private final double confidence;

    /** @param confidence two-sided coverage of the ratio interval, between 0 and 1 */
    public PairedComparator(double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must lie between 0 and 1 but was " + confidence);
        }
        this.confidence = confidence;
    }

    /**
     * @param numerator one side's samples
     * @param denominator the other side's, paired with {@code numerator} by index
     * @return the ratio numerator over denominator; {@code pSlower} is the sign test's p-value for
     *         "numerator samples are larger", {@code pFaster} for "smaller". When the pairs are too
     *         few for the confidence the interval is unbounded ({@code 0} to infinity).
     */
    public Comparison compare(double[] numerator, double[] denominator) {
        if (numerator.length != denominator.length) {
            throw new IllegalArgumentException("paired samples must be as many on each side but were "
                    + numerator.length + " and " + denominator.length);
        }
        if (numerator.length == 0) {
            throw new IllegalArgumentException("cannot compare empty samples");
        }
        final int pairs = numerator.length;
        final double[] ratios = new double[pairs];
        int larger = 0;
        int smaller = 0;
        for (int i = 0; i < pairs; i++) {
            ratios[i] = numerator[i] / denominator[i];
            if (numerator[i] > denominator[i]) {
                larger++;
            } else if (numerator[i] < denominator[i]) {
                smaller++;
            }
        }
        Arrays.sort(ratios);
        final int rank = lowerRank(pairs, (1 - confidence) / 2);
        final double low = rank == 0 ? 0 : ratios[rank - 1];
        final double high = rank == 0 ? Double.POSITIVE_INFINITY : ratios[pairs - rank];
        return new Comparison(Summary.quantile(ratios, 0.5), low, high, confidence,
                signTest(larger, smaller, AlternativeHypothesis.GREATER_THAN),
                signTest(larger, smaller, AlternativeHypothesis.LESS_THAN),
                Math.pow(0.5, pairs));
    }

    /** The fewest pairs whose order-statistic interval of the median reaches this coverage. */
    public static int pairsNeededFor(double confidence) {
        int pairs = 1;
        while (lowerRank(pairs, (1 - confidence) / 2) == 0) {
            pairs++;
        }
        return pairs;
    }

    /**
     * The largest rank {@code k} (1-based) with {@code P(B < k) <= tail} for {@code B ~ Binomial(pairs, 1/2)}:
     * the median lies below the {@code k}-th smallest value with probability at most {@code tail}, and
     * above the {@code k}-th largest with the same. Zero when even the extremes are not enough.
     */
    private static int lowerRank(int pairs, double tail) {
        final BinomialDistribution binomial = BinomialDistribution.of(pairs, 0.5);
        int rank = 0;
        while (rank < pairs / 2 && binomial.cumulativeProbability(rank) <= tail) {
            rank++;
        }
        return rank;
    }

    /** Ties carry no sign and are left out, as the sign test does; with no untied pair nothing is shown. */
    private static double signTest(int larger, int smaller, AlternativeHypothesis alternative) {
        if (larger + smaller == 0) {
            return 1;
        }
        return BinomialTest.withDefaults().with(alternative).test(larger + smaller, larger, 0.5).getPValue();
    }
}
