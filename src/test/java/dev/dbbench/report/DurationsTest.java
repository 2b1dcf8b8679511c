package dev.dbbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;

import org.junit.jupiter.api.Test;

class DurationsTest {

    @Test
    void nanosecondsBelowOneMicrosecond() {
        assertThat(Durations.format(0)).isEqualTo("0.00 ns");
        assertThat(Durations.format(1.234)).isEqualTo("1.23 ns");
        assertThat(Durations.format(12.34)).isEqualTo("12.3 ns");
        assertThat(Durations.format(123.4)).isEqualTo("123 ns");
        assertThat(Durations.format(999)).isEqualTo("999 ns");
    }

    @Test
    void microsecondsFromOneMicrosecond() {
        assertThat(Durations.format(1_000)).isEqualTo("1.00 µs");
        assertThat(Durations.format(1_234)).isEqualTo("1.23 µs");
        assertThat(Durations.format(12_345)).isEqualTo("12.3 µs");
        assertThat(Durations.format(123_456)).isEqualTo("123 µs");
    }

    @Test
    void millisecondsFromOneMillisecond() {
        assertThat(Durations.format(1_000_000)).isEqualTo("1.00 ms");
        assertThat(Durations.format(1_234_567)).isEqualTo("1.23 ms");
        assertThat(Durations.format(12_345_678)).isEqualTo("12.3 ms");
        assertThat(Durations.format(123_456_789)).isEqualTo("123 ms");
    }

    @Test
    void secondsFromOneSecondWithoutALargerUnit() {
        assertThat(Durations.format(1e9)).isEqualTo("1.00 s");
        assertThat(Durations.format(1.5e9)).isEqualTo("1.50 s");
        assertThat(Durations.format(90e9)).isEqualTo("90.0 s");
        assertThat(Durations.format(3_600e9)).isEqualTo("3600 s");
    }

    @Test
    void missingValueIsADash() {
        assertThat(Durations.format(Double.NaN)).isEqualTo("-");
    }

    @Test
    void ratioHasTwoDecimalsAndAnX() {
        assertThat(Durations.ratio(1.07)).isEqualTo("1.07x");
        assertThat(Durations.ratio(1)).isEqualTo("1.00x");
        assertThat(Durations.ratio(0.8)).isEqualTo("0.80x");
        assertThat(Durations.ratio(2.5)).isEqualTo("2.50x");
        assertThat(Durations.ratio(Double.NaN)).isEqualTo("-");
    }

    @Test
    void formattingIgnoresTheDefaultLocale() {
        final Locale original = Locale.getDefault();
        // A German build agent must not write "1,23 µs" into logs and reports that tools parse.
        Locale.setDefault(Locale.GERMANY);
        try {
            assertThat(Durations.format(1_234)).isEqualTo("1.23 µs");
            assertThat(Durations.ratio(1.07)).isEqualTo("1.07x");
        } finally {
            Locale.setDefault(original);
        }
    }

    @Test
    void valuesThatRoundUpToTheNextUnitUseIt() {
        assertThat(Durations.format(999.7)).isEqualTo("1.00 µs");
        assertThat(Durations.format(999_999)).isEqualTo("1.00 ms");
        assertThat(Durations.format(9.996)).isEqualTo("10.0 ns");
        assertThat(Durations.format(99.96)).isEqualTo("100 ns");
    }
}
