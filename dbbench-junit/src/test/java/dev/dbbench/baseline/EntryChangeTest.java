package dev.dbbench.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

import dev.dbbench.metric.InstructionCounts;
import dev.dbbench.metric.InstructionProfile;
import dev.dbbench.metric.Measure;
import dev.dbbench.metric.MetricValues;
import dev.dbbench.metric.Metrics;
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

    @Test
    void anEntryRecordedBeforeProfilesIsRewrittenWithOneThoughItsCountsHeld() {
        final InstructionCounts without = new InstructionCounts(1_000_000, new TreeMap<>(), 10, 5, "callgrind");
        final InstructionCounts with = new InstructionCounts(1_000_000, new TreeMap<>(), 10, 5, "callgrind",
                new InstructionProfile(new TreeMap<>(Map.of("SELECT 1", new TreeMap<>(Map.of("ExecResult",
                        new InstructionProfile.FunctionCount(10, 20)))))));
        final BaselineEntry entry = new BaselineEntry("find", "postgres 17 embedded", "2026-12-03T10:00:00Z",
                MetricValues.empty().with(Metrics.INSTRUCTIONS, without), new TreeMap<>());

        assertThat(EntryChange.between(entry, MetricValues.empty().with(Metrics.INSTRUCTIONS, with), List.of(), true, 1)
                .moves()).containsExactly("instruction profile recorded");
        assertThat(EntryChange.between(entry, MetricValues.empty().with(Metrics.INSTRUCTIONS, without), List.of(), true,
                1).moved()).isFalse();
    }
}
