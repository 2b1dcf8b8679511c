package dev.dbbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;

import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.junit.jupiter.api.Test;

class SampleComparatorTest {

    private final SampleComparator comparator = new SampleComparator(0.98);

    @Test
    void fullySeparatedSmallSamplesGiveTheExactTableValue() {
        // n = m = 3 fully separated: the one-sided exact p-value is 1 / C(6, 3) = 1/20.
        final Comparison slower = comparator.compare(new double[] {4, 5, 6}, new double[] {1, 2, 3});

        assertThat(slower.pSlower()).isCloseTo(0.05, within(1e-12));
        assertThat(slower.pFaster()).isCloseTo(1.0, within(1e-12));
        assertThat(slower.smallestPValue()).isCloseTo(0.05, within(1e-12));
    }

    @Test
    void overlappingSmallSamplesMatchTheUDistributionTable() {
        // x = {1, 2, 4}, y = {3, 5, 6}: U = 1 pair with x > y. For n = m = 3 the counts of U = 0..9
        // are 1 1 2 3 3 3 3 2 1 1 (of 20), so P(U <= 1) = 2/20 and P(U >= 1) = 19/20.
        final double[] x = {1, 2, 4};
        final double[] y = {3, 5, 6};

        final Comparison comparison = comparator.compare(x, y);

        assertThat(MannWhitneyUTest.withDefaults().statistic(x, y)).isEqualTo(1.0);
        assertThat(comparison.pFaster()).isCloseTo(0.10, within(1e-12));
        assertThat(comparison.pSlower()).isCloseTo(0.95, within(1e-12));
    }

    @Test
    void fourAgainstFourSeparatedIsOneIn70() {
        final Comparison comparison = comparator.compare(new double[] {5, 6, 7, 8}, new double[] {1, 2, 3, 4});

        assertThat(comparison.pSlower()).isCloseTo(1 / 70.0, within(1e-12));
    }

    @Test
    void samplesNeededForAlphaFollowFromTheSmallestPValue() {
        assertThat(SampleComparator.samplesNeededFor(0.05)).isEqualTo(4); // 1/70 < 0.05 <= 1/20
        assertThat(SampleComparator.samplesNeededFor(0.01)).isEqualTo(5); // 1/252 < 0.01 <= 1/70
        assertThat(SampleComparator.samplesNeededFor(0.001)).isEqualTo(7); // 1/3432 < 0.001 <= 1/924
    }

    @Test
    void ratioIsTheRatioOfMediansAndLiesInItsInterval() {
        final Comparison comparison = comparator.compare(new double[] {20, 22, 24, 26, 28}, new double[] {10, 11, 12,
            13, 14});

        assertThat(comparison.ratio()).isCloseTo(2.0, within(1e-12));
        assertThat(comparison.ratioLow()).isLessThanOrEqualTo(2.0);
        assertThat(comparison.ratioHigh()).isGreaterThanOrEqualTo(2.0);
        assertThat(comparison.confidence()).isEqualTo(0.98);
    }

    @Test
    void sameSamplesGiveTheSameIntervalEveryTime() {
        final double[] current = lognormal(new SplittableRandom(1), 1.1, 0.1, 15);
        final double[] baseline = lognormal(new SplittableRandom(2), 1.0, 0.1, 15);

        assertThat(comparator.compare(current, baseline)).isEqualTo(comparator.compare(current, baseline));
    }

    @Test
    void intervalCoversTheTrueRatioAtAboutItsNominalRate() {
        // 400 simulated comparisons with a true median ratio of 1.2 and 10% log-normal noise.
        final SplittableRandom random = new SplittableRandom(20261202);
        int covered = 0;
        final int trials = 400;
        for (int t = 0; t < trials; t++) {
            final Comparison comparison = comparator.compare(lognormal(random, 1.2, 0.1, 15),
                    lognormal(random, 1.0, 0.1, 15));
            if (comparison.ratioLow() <= 1.2 && 1.2 <= comparison.ratioHigh()) {
                covered++;
            }
        }
        // Nominal 98%; a percentile bootstrap of medians of 15 undercovers a little, never by much.
        assertThat(covered / (double) trials).isBetween(0.93, 1.0);
    }

    static double[] lognormal(SplittableRandom random, double median, double sigma, int n) {
        final double[] samples = new double[n];
        for (int i = 0; i < n; i++) {
            final double u = 1 - random.nextDouble();
            final double v = random.nextDouble();
            samples[i] = median * Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
        }
        return samples;
    }
}
