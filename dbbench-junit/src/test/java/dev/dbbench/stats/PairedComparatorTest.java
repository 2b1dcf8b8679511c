package dev.dbbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class PairedComparatorTest {

    private final PairedComparator comparator = new PairedComparator(0.98);

    @Test
    void intervalIsTheOrderStatisticsTheBinomialTablePicks() {
        // 15 pairs with ratios 1..15. Binomial(15, 1/2): P(B <= 2) = 0.0037 <= 0.01 < P(B <= 3) = 0.0176,
        // so a 98% interval runs from the 3rd smallest ratio to the 3rd largest.
        final double[] numerator = new double[15];
        final double[] denominator = new double[15];
        for (int i = 0; i < 15; i++) {
            numerator[i] = 15 - i;
            denominator[i] = 1;
        }

        final Comparison comparison = comparator.compare(numerator, denominator);

        assertThat(comparison.ratio()).isEqualTo(8.0);
        assertThat(comparison.ratioLow()).isEqualTo(3.0);
        assertThat(comparison.ratioHigh()).isEqualTo(13.0);
    }

    @Test
    void signTestPValuesMatchTheBinomial() {
        // Ten pairs, all larger: one-sided p = 1/2^10. The tie in the eleventh pair is left out.
        final double[] numerator = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1};
        final double[] denominator = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};

        final Comparison comparison = comparator.compare(numerator, denominator);

        assertThat(comparison.pSlower()).isCloseTo(1 / 1024.0, within(1e-15));
        assertThat(comparison.pFaster()).isCloseTo(1.0, within(1e-12));
        assertThat(comparison.smallestPValue()).isCloseTo(1 / 2048.0, within(1e-15));
    }

    @Test
    void tooFewPairsGiveAnUnboundedInterval() {
        // 0.5^6 = 0.0156 > 0.01: six pairs cannot bound the median at 98%, seven can.
        assertThat(PairedComparator.pairsNeededFor(0.98)).isEqualTo(7);

        final Comparison six = comparator.compare(new double[] {2, 2, 2, 2, 2, 2}, new double[] {1, 1, 1, 1, 1, 1});

        assertThat(six.ratioLow()).isZero();
        assertThat(six.ratioHigh()).isInfinite();
    }

    @Test
    void driftSharedByEachPairCancels() {
        // The machine slows down threefold during the run; one side always takes twice the other.
        final SplittableRandom random = new SplittableRandom(7);
        final int n = 15;
        final double[] slow = new double[n];
        final double[] fast = new double[n];
        for (int i = 0; i < n; i++) {
            final double speed = 1 + 2.0 * i / (n - 1);
            slow[i] = 2 * speed * (1 + 0.02 * random.nextDouble());
            fast[i] = speed * (1 + 0.02 * random.nextDouble());
        }

        final Comparison paired = comparator.compare(slow, fast);
        final Comparison unpaired = new SampleComparator(0.98).compare(slow, fast);

        assertThat(paired.ratioLow()).isGreaterThan(1.95);
        assertThat(paired.ratioHigh()).isLessThan(2.05);
        assertThat(unpaired.ratioHigh() - unpaired.ratioLow()).isGreaterThan(10 * (paired.ratioHigh() - paired.ratioLow()));
    }

    @Test
    void intervalCoversTheTrueRatioAtLeastAtItsNominalRate() {
        final SplittableRandom random = new SplittableRandom(20261202);
        int covered = 0;
        final int trials = 1000;
        for (int t = 0; t < trials; t++) {
            final Comparison comparison = comparator.compare(SampleComparatorTest.lognormal(random, 1.2, 0.1, 15),
                    SampleComparatorTest.lognormal(random, 1.0, 0.1, 15));
            if (comparison.ratioLow() <= 1.2 && 1.2 <= comparison.ratioHigh()) {
                covered++;
            }
        }
        // Order statistics give at least the nominal coverage: 1 - 2 P(B <= 2) = 99.3% for 15 pairs.
        assertThat(covered / (double) trials).isGreaterThanOrEqualTo(0.98);
    }

    @Test
    void unevenSidesAreRefused() {
        assertThatThrownBy(() -> comparator.compare(new double[] {1, 2}, new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 and 1");
    }
}
