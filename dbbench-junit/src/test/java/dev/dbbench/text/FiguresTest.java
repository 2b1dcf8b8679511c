package dev.dbbench.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;

import org.junit.jupiter.api.Test;

class FiguresTest {

    @Test
    void nanosecondsBelowOneMicrosecond() {
        assertThat(Figures.duration(0)).isEqualTo("0.00 ns");
        assertThat(Figures.duration(1.234)).isEqualTo("1.23 ns");
        assertThat(Figures.duration(12.34)).isEqualTo("12.3 ns");
        assertThat(Figures.duration(123.4)).isEqualTo("123 ns");
        assertThat(Figures.duration(999)).isEqualTo("999 ns");
    }

    @Test
    void changesOfCountsCarryTheirSignAndAreWholeBelowAThousand() {
        assertThat(Figures.change(0)).isEqualTo("0");
        assertThat(Figures.change(12)).isEqualTo("+12");
        assertThat(Figures.change(-999)).isEqualTo("-999");
        assertThat(Figures.change(-412_345)).isEqualTo("-412 k");
        assertThat(Figures.change(2_904_000)).isEqualTo("+2.90 M");
    }

    @Test
    void ratesInThousandsAndMillionsPerSecond() {
        assertThat(Figures.rate(412.3)).isEqualTo("412 ops/s");
        assertThat(Figures.rate(999.7)).isEqualTo("1.00k ops/s");
        assertThat(Figures.rate(12_345)).isEqualTo("12.3k ops/s");
        assertThat(Figures.rate(1_234_567)).isEqualTo("1.23M ops/s");
        assertThat(Figures.rate(Double.NaN)).isEqualTo("-");
    }

    @Test
    void microsecondsFromOneMicrosecond() {
        assertThat(Figures.duration(1_000)).isEqualTo("1.00 µs");
        assertThat(Figures.duration(1_234)).isEqualTo("1.23 µs");
        assertThat(Figures.duration(12_345)).isEqualTo("12.3 µs");
        assertThat(Figures.duration(123_456)).isEqualTo("123 µs");
    }

    @Test
    void millisecondsFromOneMillisecond() {
        assertThat(Figures.duration(1_000_000)).isEqualTo("1.00 ms");
        assertThat(Figures.duration(1_234_567)).isEqualTo("1.23 ms");
        assertThat(Figures.duration(12_345_678)).isEqualTo("12.3 ms");
        assertThat(Figures.duration(123_456_789)).isEqualTo("123 ms");
    }

    @Test
    void secondsFromOneSecondWithoutALargerUnit() {
        assertThat(Figures.duration(1e9)).isEqualTo("1.00 s");
        assertThat(Figures.duration(1.5e9)).isEqualTo("1.50 s");
        assertThat(Figures.duration(90e9)).isEqualTo("90.0 s");
        assertThat(Figures.duration(3_600e9)).isEqualTo("3600 s");
    }

    @Test
    void missingValueIsADash() {
        assertThat(Figures.duration(Double.NaN)).isEqualTo("-");
    }

    @Test
    void ratioHasTwoDecimalsAndAnX() {
        assertThat(Figures.ratio(1.07)).isEqualTo("1.07x");
        assertThat(Figures.ratio(1)).isEqualTo("1.00x");
        assertThat(Figures.ratio(0.8)).isEqualTo("0.80x");
        assertThat(Figures.ratio(2.5)).isEqualTo("2.50x");
        assertThat(Figures.ratio(Double.NaN)).isEqualTo("-");
    }

    @Test
    void formattingIgnoresTheDefaultLocale() {
        final Locale original = Locale.getDefault();
        // A German build agent must not write "1,23 µs" into logs and reports that tools parse.
        Locale.setDefault(Locale.GERMANY);
        try {
            assertThat(Figures.duration(1_234)).isEqualTo("1.23 µs");
            assertThat(Figures.ratio(1.07)).isEqualTo("1.07x");
        } finally {
            Locale.setDefault(original);
        }
    }

    @Test
    void valuesThatRoundUpToTheNextUnitUseIt() {
        assertThat(Figures.duration(999.7)).isEqualTo("1.00 µs");
        assertThat(Figures.duration(999_999)).isEqualTo("1.00 ms");
        assertThat(Figures.duration(9.996)).isEqualTo("10.0 ns");
        assertThat(Figures.duration(99.96)).isEqualTo("100 ns");
    }
}
