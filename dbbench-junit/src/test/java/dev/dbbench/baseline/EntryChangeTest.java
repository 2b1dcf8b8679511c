package dev.dbbench.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalDouble;

import dev.dbbench.metric.Measure;
import org.junit.jupiter.api.Test;

/** How one figure's move reads in a pull request's summary. */
class EntryChangeTest {

    @Test
    void smallCountsReadAsBeforeAndAfterLargeOnesAsAPercentage() {
        assertThat(EntryChange.figure(Measure.exact("statements", "statements/op", 53, OptionalDouble.of(3))))
                .contains("statements 3 -> 53");
        assertThat(EntryChange.figure(Measure.exact("instructions", "instructions/op", 24_004_000,
                OptionalDouble.of(23_283_000)))).contains("instructions +3.1 %");
        assertThat(EntryChange.figure(Measure.exact("wire-bytes", "bytes/op", 1_500.5, OptionalDouble.of(1_000))))
                .contains("wire bytes +50.1 %");
    }

    @Test
    void sampledTimesReadAsTheirMediansAndAnUnmovedFigureNotAtAll() {
        assertThat(EntryChange.figure(new Measure("latency", "ns/op", new double[] {1_300_000, 1_400_000, 1_500_000},
                new double[] {900_000, 1_000_000, 1_100_000}))).contains("time 1.00 ms -> 1.40 ms (+40.0 %)");
        assertThat(EntryChange.figure(Measure.exact("round-trips", "round trips/op", 2, OptionalDouble.of(2))))
                .isEmpty();
        assertThat(EntryChange.figure(Measure.exact("round-trips", "round trips/op", 2, OptionalDouble.empty())))
                .isEmpty();
    }
}
