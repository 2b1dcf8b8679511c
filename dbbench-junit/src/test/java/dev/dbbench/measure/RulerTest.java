package dev.dbbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

class RulerTest {

    private static final double[] NO_SERVER_CPU = {};

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
