package dev.dbbench.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.measure.Ruler;
import org.junit.jupiter.api.Test;

class MachineSpeedTest {

    @Test
    void slicesTakenBetweenTheSamplesDecideWhenBothReadingsHaveThem() {
        final SortedMap<String, Double> current = reading(Map.of(Ruler.JVM, 10.0, Ruler.ENGINE, 100.0,
                Ruler.SLICES, 3.0));
        final SortedMap<String, Double> baseline = reading(Map.of(Ruler.JVM, 10.0, Ruler.ENGINE, 50.0,
                Ruler.SLICES, 2.0));

        // The start-of-run readings say 2x slower on the engine; the slices beside the samples say 1.5x.
        assertThat(MachineSpeed.ratio(current, baseline)).isCloseTo(1.5, within(1e-12));
    }

    @Test
    void withoutSlicesOnBothSidesTheSharedStartReadingsDecide() {
        final SortedMap<String, Double> current = reading(Map.of(Ruler.JVM, 20.0, Ruler.ENGINE, 100.0,
                Ruler.SLICES, 3.0));
        final SortedMap<String, Double> olderBaseline = reading(Map.of(Ruler.JVM, 10.0, Ruler.ENGINE, 100.0));

        assertThat(MachineSpeed.ratio(current, olderBaseline)).isCloseTo(Math.sqrt(2), within(1e-12));
        assertThat(MachineSpeed.ratio(reading(Map.of(Ruler.SLICES, 3.0)), olderBaseline)).isNaN();
    }

    private static SortedMap<String, Double> reading(Map<String, Double> values) {
        return new TreeMap<>(values);
    }
}
