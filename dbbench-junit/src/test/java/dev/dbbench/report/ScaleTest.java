package dev.dbbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class ScaleTest {

    @Test
    void linearTicksAreRoundAndInsideTheRange() {
        final Scale scale = Scale.over(2_700_000, 3_300_000, 0, 100);

        assertThat(scale.ticks()).containsExactly(2_700_000.0, 2_800_000.0, 2_900_000.0, 3_000_000.0, 3_100_000.0,
                3_200_000.0, 3_300_000.0);
        assertThat(scale.position(2_700_000)).isBetween(0.0, 10.0);
        assertThat(scale.position(3_300_000)).isBetween(90.0, 100.0);
    }

    @Test
    void valuesSpanningMoreThanAFactorOfTenGetALogarithmicAxis() {
        final Scale scale = Scale.over(10, 10_000, 0, 300);

        assertThat(scale.ticks()).containsExactly(10.0, 100.0, 1000.0, 10_000.0);
        assertThat(scale.position(100) - scale.position(10)).isCloseTo(scale.position(1000) - scale.position(100),
                org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void degenerateValuesStillGiveAFewTicksAndNeverHang() {
        for (List<Double> range : List.of(List.of(5.0, 5.0), List.of(0.0, 0.0), List.of(Double.NaN, 1.0),
                List.of(0.0, Double.POSITIVE_INFINITY))) {
            assertThat(Scale.over(range.get(0), range.get(1), 0, 100).ticks()).hasSizeBetween(1, 30);
            assertThat(Scale.ratios(range.get(0), range.get(1), 0, 100).ticks()).hasSizeBetween(1, 30);
        }
        assertThat(Scale.ratios(0, 4, 0, 100).position(Double.NaN)).isZero();
    }
}
