package dev.dbbench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

class RulerTest {

    private static final double[] NO_SERVER_CPU = {};

    @Test
    void slicesTakenBetweenTheSamplesDecideWhenBothReadingsHaveThem() {
        final SortedMap<String, Double> current = reading(Map.of(Ruler.JVM, 10.0, Ruler.ENGINE, 100.0,
                Ruler.SLICES, 3.0));
        final SortedMap<String, Double> baseline = reading(Map.of(Ruler.JVM, 10.0, Ruler.ENGINE, 50.0,
                Ruler.SLICES, 2.0));

        // The start-of-run readings say 2x slower on the engine; the slices beside the samples say 1.5x.
        assertThat(Ruler.ratio(current, baseline)).isCloseTo(1.5, within(1e-12));
    }

    @Test
    void withoutSlicesOnBothSidesTheSharedStartReadingsDecide() {
        final SortedMap<String, Double> current = reading(Map.of(Ruler.JVM, 20.0, Ruler.ENGINE, 100.0,
                Ruler.SLICES, 3.0));
        final SortedMap<String, Double> olderBaseline = reading(Map.of(Ruler.JVM, 10.0, Ruler.ENGINE, 100.0));

        assertThat(Ruler.ratio(current, olderBaseline)).isCloseTo(Math.sqrt(2), within(1e-12));
        assertThat(Ruler.ratio(reading(Map.of(Ruler.SLICES, 3.0)), olderBaseline)).isNaN();
    }

    @Test
    void theSlicesOfARunAreAddedAsTheirMedian() {
        final SortedMap<String, Double> start = reading(Map.of(Ruler.JVM, 10.0));
        final Samples sliced = new Samples(new double[] {1, 2, 3}, 1, 0, Duration.ZERO, NO_SERVER_CPU,
                new double[] {300, 100, 200});

        assertThat(Ruler.withSlices(start, sliced)).containsExactlyEntriesOf(
                reading(Map.of(Ruler.JVM, 10.0, Ruler.SLICES, 200.0)));
        assertThat(Ruler.withSlices(start, new Samples(new double[] {1}, 1, 0, Duration.ZERO))).isEqualTo(start);
    }

    private static SortedMap<String, Double> reading(Map<String, Double> values) {
        return new TreeMap<>(values);
    }
}
