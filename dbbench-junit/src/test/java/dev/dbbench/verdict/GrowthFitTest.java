package dev.dbbench.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;

import dev.dbbench.api.Growth;
import org.junit.jupiter.api.Test;

/** The fit of a series over a parameter: exponent and R² by least squares on logs, and the class it matches. */
class GrowthFitTest {

    private static final List<Long> DECADES = List.of(1_000L, 10_000L, 100_000L);
    private static final List<Long> DOUBLINGS = List.of(1_000L, 2_000L, 4_000L, 8_000L);

    @Test
    void exactPowersOfNHaveTheirExponentAndFitPerfectly() {
        for (double power : new double[] {0, 0.5, 1, 1.5, 2, 3}) {
            final GrowthFit fit = fit(DECADES, n -> 7 * Math.pow(n, power), false);

            assertThat(fit.exponent()).as("n^%s", power).isCloseTo(power, within(1e-9));
            assertThat(fit.rSquared()).as("n^%s", power).isCloseTo(1, within(1e-9));
        }
    }

    @Test
    void exactModelsOfEachClassAreNamedByTheirClass() {
        for (List<Long> parameter : List.of(DECADES, DOUBLINGS, List.of(10L, 100L, 1_000L))) {
            assertThat(fit(parameter, n -> 5, true).growth()).isEqualTo(Growth.CONSTANT);
            assertThat(fit(parameter, n -> 2 + 3 * Math.log(n), false).growth()).isEqualTo(Growth.LOGARITHMIC);
            assertThat(fit(parameter, n -> 3 * n, true).growth()).isEqualTo(Growth.LINEAR);
            assertThat(fit(parameter, n -> n * Math.log(n), false).growth()).as("n log n over %s", parameter)
                    .isEqualTo(Growth.LINEARITHMIC);
            assertThat(fit(parameter, n -> n * n, true).growth()).isEqualTo(Growth.QUADRATIC);
        }
    }

    @Test
    void aFixedCostPerCallDoesNotHideLinearGrowth() {
        // Parse, plan and round trip cost the same at every size; a scan adds ten per row. Rounding
        // the exponent would call this n^0.6, between logarithmic and linear.
        final GrowthFit fit = fit(DECADES, n -> 50_000 + 10 * n, true);

        assertThat(fit.growth()).isEqualTo(Growth.LINEAR);
        assertThat(fit.exponent()).isCloseTo(0.62, within(0.01));
    }

    @Test
    void nLogNIsToldFromLinearAndLinearFromNLogN() {
        assertThat(fit(DECADES, n -> 40 * n * Math.log(n), false).growth()).isEqualTo(Growth.LINEARITHMIC);
        assertThat(fit(DECADES, n -> 40 * n, false).growth()).isEqualTo(Growth.LINEAR);
        // Their exponents alone are close: about 1.12 and 1.00.
        assertThat(fit(DECADES, n -> 40 * n * Math.log(n), false).exponent()).isCloseTo(1.12, within(0.01));
    }

    @Test
    void aBTreeGainingALevelIsNotCalledFasterThanLogarithmic() {
        assertThat(fit(DECADES, List.of(3.0, 3.0, 3.0), true).growth()).isEqualTo(Growth.CONSTANT);
        assertThat(fit(DECADES, List.of(3.0, 3.0, 4.0), true).growth()).isEqualTo(Growth.CONSTANT);
        assertThat(fit(DECADES, List.of(3.0, 4.0, 5.0), true).growth()).isEqualTo(Growth.LOGARITHMIC);
        assertThat(fit(DECADES, List.of(200.0, 300.0, 300.0), true).growth()).isEqualTo(Growth.LOGARITHMIC);
    }

    @Test
    void noiseOfAFewPercentKeepsTheClassOfTimesMostly() {
        final Random random = new Random(24);
        final int trials = 500;
        int linear = 0;
        int linearithmic = 0;
        for (int i = 0; i < trials; i++) {
            if (fit(DECADES, n -> 1_000 * n * noise(random, 0.05), false).growth() == Growth.LINEAR) {
                linear++;
            }
            if (fit(DECADES, n -> 1_000 * n * Math.log(n) * noise(random, 0.05), false).growth()
                    == Growth.LINEARITHMIC) {
                linearithmic++;
            }
        }

        assertThat(linear).isGreaterThan(trials * 95 / 100);
        assertThat(linearithmic).isGreaterThan(trials * 95 / 100);
    }

    @Test
    void noiseLowersRSquaredButNotTheExponentMuch() {
        final GrowthFit fit = fit(DECADES, List.of(1_050.0, 9_500.0, 104_000.0), false);

        assertThat(fit.exponent()).isCloseTo(1, within(0.03));
        assertThat(fit.rSquared()).isBetween(0.99, 1.0);
        assertThat(fit(DECADES, List.of(100.0, 300.0, 120.0), false).rSquared()).isLessThan(0.5);
    }

    @Test
    void aZeroLeavesNoExponentButAClass() {
        final GrowthFit fit = fit(DECADES, List.of(0.0, 10.0, 100.0), true);

        assertThat(fit.exponent()).isNaN();
        assertThat(fit.rSquared()).isNaN();
        assertThat(fit.growth()).isEqualTo(Growth.LINEAR);
        assertThat(fit.describe()).isEqualTo("linear");
    }

    @Test
    void describedWithExponentAndRSquared() {
        assertThat(fit(List.of(10L, 100L, 1_000L), List.of(10.0, 100.0, 1_000.0), true).describe())
                .isEqualTo("linear, ~ n^1.00, R² 1.00");
        assertThat(fit(DECADES, List.of(1.0, 1.0, 1.0), true).describe()).isEqualTo("constant, ~ n^0.00, R² 1.00");
    }

    private static double noise(Random random, double sigma) {
        return Math.exp(random.nextGaussian() * sigma);
    }

    private static GrowthFit fit(List<Long> parameter, DoubleUnaryOperator model, boolean whole) {
        final List<Double> values = new ArrayList<>();
        parameter.forEach(n -> values.add(whole ? Math.rint(model.applyAsDouble(n)) : model.applyAsDouble(n)));
        return GrowthFit.of(parameter, values, whole);
    }

    private static GrowthFit fit(List<Long> parameter, List<Double> values, boolean whole) {
        return GrowthFit.of(parameter, values, whole);
    }
}
