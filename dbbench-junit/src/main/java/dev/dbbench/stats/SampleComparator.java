package dev.dbbench.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.apache.commons.numbers.combinatorics.BinomialCoefficientDouble;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * Compares current samples with baseline samples: Mann-Whitney U tests (Apache Commons Statistics)
 * for the direction, and a percentile bootstrap of the median ratio for its interval.
 *
 * <p>The bootstrap uses a fixed seed, so the same samples always give the same interval and a
 * verdict never depends on chance.
 */
public final class SampleComparator {

    /** Bootstrap resamples; enough that the interval's bounds are stable to well under a percent. */
    static final int RESAMPLES = 2_000;
    private static final long SEED = 0x5EED_DB_BE_4C_0DEL;

    private final double confidence;

    /** @param confidence two-sided coverage of the ratio interval, between 0 and 1 */
    public SampleComparator(double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must lie between 0 and 1 but was " + confidence);
        }
        this.confidence = confidence;
    }

    public Comparison compare(double[] current, double[] baseline) {
        if (current.length == 0 || baseline.length == 0) {
            throw new IllegalArgumentException("cannot compare empty samples");
        }
        final double ratio = median(current) / median(baseline);
        final double[] bootstrap = bootstrapRatios(current, baseline);
        final double tail = (1 - confidence) / 2;
        return new Comparison(
                ratio,
                Summary.quantile(bootstrap, tail),
                Summary.quantile(bootstrap, 1 - tail),
                confidence,
                pValue(current, baseline, AlternativeHypothesis.GREATER_THAN),
                pValue(current, baseline, AlternativeHypothesis.LESS_THAN),
                smallestPValue(current.length, baseline.length));
    }

    /**
     * The smallest one-sided p-value a rank test can give for these sample counts: one over the
     * number of ways to split the pooled samples. Below it no difference can ever be significant.
     */
    public static double smallestPValue(int currentCount, int baselineCount) {
        return 1 / BinomialCoefficientDouble.value(currentCount + baselineCount, currentCount);
    }

    /** The fewest samples per side that can reach a one-sided p-value below alpha. */
    public static int samplesNeededFor(double alpha) {
        int n = 1;
        while (smallestPValue(n, n) >= alpha) {
            n++;
        }
        return n;
    }

    private static double pValue(double[] current, double[] baseline, AlternativeHypothesis alternative) {
        return MannWhitneyUTest.withDefaults().with(alternative).test(current, baseline).getPValue();
    }

    private static double[] bootstrapRatios(double[] current, double[] baseline) {
        final SplittableRandom random = new SplittableRandom(SEED);
        final double[] ratios = new double[RESAMPLES];
        final double[] currentDraw = new double[current.length];
        final double[] baselineDraw = new double[baseline.length];
        for (int r = 0; r < RESAMPLES; r++) {
            for (int i = 0; i < current.length; i++) {
                currentDraw[i] = current[random.nextInt(current.length)];
            }
            for (int i = 0; i < baseline.length; i++) {
                baselineDraw[i] = baseline[random.nextInt(baseline.length)];
            }
            ratios[r] = median(currentDraw) / median(baselineDraw);
        }
        Arrays.sort(ratios);
        return ratios;
    }

    private static double median(double[] values) {
        final double[] sorted = values.clone();
        Arrays.sort(sorted);
        return Summary.quantile(sorted, 0.5);
    }
}
