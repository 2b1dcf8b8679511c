package dev.dbbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SummaryTest {

    // Ties the expected values below to hand arithmetic, not to floating-point luck in the last digit.
    private static final double EPSILON = 1e-9;

    // 1..10, deliberately shuffled so every order statistic depends on the sort.
    private static final double[] ONE_TO_TEN = {7, 3, 10, 1, 5, 9, 2, 8, 6, 4};

    @Test
    void countsAndExtremesOfOneToTen() {
        final Summary summary = Summary.of(ONE_TO_TEN);

        assertThat(summary.n()).isEqualTo(10);
        assertThat(summary.min()).isEqualTo(1);
        assertThat(summary.max()).isEqualTo(10);
    }

    @Test
    void meanAndSampleStandardDeviationOfOneToTen() {
        final Summary summary = Summary.of(ONE_TO_TEN);

        assertThat(summary.mean()).isCloseTo(5.5, within(EPSILON));
        // Squared deviations from 5.5 sum to 82.5; the sample (n - 1) estimator divides by 9, not 10.
        assertThat(summary.stdev()).isCloseTo(Math.sqrt(82.5 / 9), within(EPSILON));
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheTwoMiddleValues() {
        assertThat(Summary.of(ONE_TO_TEN).median()).isCloseTo(5.5, within(EPSILON));
        assertThat(Summary.of(new double[] {40, 10, 30, 20}).median()).isCloseTo(25, within(EPSILON));
    }

    @Test
    void medianOfAnOddCountIsTheMiddleValue() {
        assertThat(Summary.of(new double[] {5, 1, 3}).median()).isEqualTo(3);
        assertThat(Summary.of(new double[] {100, 2, 4, 1, 3}).median()).isEqualTo(3);
    }

    @Test
    void percentilesInterpolateLinearlyBetweenOrderStatistics() {
        final Summary summary = Summary.of(ONE_TO_TEN);

        // Type 7: position q * (n - 1) from the smallest value, here 0.9 * 9 = 8.1 -> 9 + 0.1 * (10 - 9).
        assertThat(summary.p90()).isCloseTo(9.1, within(EPSILON));
        // 0.99 * 9 = 8.91 -> 9 + 0.91 * (10 - 9).
        assertThat(summary.p99()).isCloseTo(9.91, within(EPSILON));
    }

    @Test
    void percentilesFollowAnOutlierProportionally() {
        // 0.9 * 4 = 3.6 -> 4 + 0.6 * (100 - 4); 0.99 * 4 = 3.96 -> 4 + 0.96 * 96.
        final Summary summary = Summary.of(new double[] {100, 2, 4, 1, 3});

        assertThat(summary.p90()).isCloseTo(61.6, within(EPSILON));
        assertThat(summary.p99()).isCloseTo(96.16, within(EPSILON));
    }

    @Test
    void madIsTheMedianOfAbsoluteDeviationsFromTheMedian() {
        // Deviations of 1..10 from 5.5 are 0.5, 0.5, 1.5, 1.5, ..., 4.5, 4.5: their median is 2.5.
        assertThat(Summary.of(ONE_TO_TEN).mad()).isCloseTo(2.5, within(EPSILON));
        // Deviations from 3 are 2, 1, 0, 1, 97: the outlier moves the mean a lot but the MAD not at all.
        assertThat(Summary.of(new double[] {100, 2, 4, 1, 3}).mad()).isEqualTo(1);
    }

    @Test
    void madIsNotScaledToAStandardDeviation() {
        // A scaled MAD would be 1.4826 times larger; baselines store the raw value.
        assertThat(Summary.of(new double[] {1, 2, 3}).mad()).isEqualTo(1);
    }

    @Test
    void singleSampleIsEveryStatisticAndHasNoSpread() {
        final Summary summary = Summary.of(new double[] {42});

        assertThat(summary.n()).isEqualTo(1);
        assertThat(new double[] {summary.min(), summary.median(), summary.p90(), summary.p99(), summary.max(),
                summary.mean()}).containsOnly(42);
        // With one sample the n - 1 estimator would divide by zero; no spread is the useful answer.
        assertThat(summary.stdev()).isZero();
        assertThat(summary.mad()).isZero();
        assertThat(summary.cv()).isZero();
    }

    @Test
    void zeroSamplesAreRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Summary.of(new double[0]))
                .withMessageContaining("zero samples");
    }

    @Test
    void inputArrayIsNotReordered() {
        final double[] samples = ONE_TO_TEN.clone();

        Summary.of(samples);

        // Samples are kept in the order they were taken; sorting the caller's array would scramble them.
        assertThat(samples).containsExactly(ONE_TO_TEN);
    }

    @Test
    void coefficientOfVariationIsStandardDeviationOverMean() {
        // Mean 20, sample standard deviation sqrt((100 + 0 + 100) / 2) = 10.
        final Summary summary = Summary.of(new double[] {10, 30, 20});

        assertThat(summary.stdev()).isCloseTo(10, within(EPSILON));
        assertThat(summary.cv()).isCloseTo(0.5, within(EPSILON));
    }

    @Test
    void coefficientOfVariationOfAllZeroSamplesIsZeroRatherThanNaN() {
        // A timer too coarse for the body can yield zeros; the report must still print a number.
        assertThat(Summary.of(new double[] {0, 0, 0}).cv()).isZero();
    }
}
