package dev.dbbench.metric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.verdict.RecordedRun;
import org.junit.jupiter.api.Test;

/** How wall time stores the runs a baseline was pooled from, and that entries without runs still read. */
class WallTimeRunsTest {

    private static final RecordedRun FIRST = new RecordedRun(101.5, 2, 2_000_000, "2026-12-04T10:00:00Z",
            "a1b2c3d4e5f6", "AMD EPYC x2");
    private static final RecordedRun SECOND = new RecordedRun(120, 2, Double.NaN, "2026-12-04T10:05:00Z",
            "0f0e0d0c0b0a", "Intel Xeon x4");

    @Test
    void runsAreWrittenAfterTheRulerAndReadBackAsTheyWere() {
        final Timings pooled = new Timings(5, 10, new double[] {100, 103, 118, 122},
                new TreeMap<>(Map.of("slices", 2e6)), List.of(FIRST, SECOND));

        final JsonNode json = Metrics.TIME.write(pooled);

        assertThat(json.fieldNames()).toIterable()
                .containsExactly("unit", "sampling", "summary", "samples", "ruler", "runs");
        assertThat(json.get("runs").get(0).toString()).isEqualTo("{\"median\":101.5,\"n\":2,\"slices\":2000000,"
                + "\"recordedAt\":\"2026-12-04T10:00:00Z\",\"machine\":\"a1b2c3d4e5f6\",\"cpu\":\"AMD EPYC x2\"}");
        // A run without a ruler (MongoDB) has no slices.
        assertThat(json.get("runs").get(1).has("slices")).isFalse();
        assertThat(Metrics.TIME.read(json)).isEqualTo(pooled);
        assertThat(Metrics.TIME.read(json).runCount()).isEqualTo(2);
    }

    @Test
    void anEntryWithoutRunsIsASingleRunBaseline() {
        final Timings legacy = new Timings(5, 10, new double[] {100, 103}, new TreeMap<>());

        final JsonNode json = Metrics.TIME.write(legacy);

        assertThat(json.has("runs")).isFalse();
        assertThat(Metrics.TIME.read(json).runs()).isEmpty();
        assertThat(Metrics.TIME.read(json).runCount()).isEqualTo(1);
    }

    @Test
    void runsThatDoNotAddUpToTheSamplesAreRejectedByName() {
        final ObjectNode json = (ObjectNode) Metrics.TIME.write(new Timings(5, 10, new double[] {100, 103, 118, 122},
                new TreeMap<>(), List.of(FIRST, SECOND)));
        ((ObjectNode) json.get("runs").get(1)).put("n", 5);
        assertThatThrownBy(() -> Metrics.TIME.read(json)).isInstanceOf(InvalidValueException.class)
                .hasMessage("runs hold 7 samples in all but samples holds 4 values");

        ((ObjectNode) json.get("runs").get(1)).put("n", 2);
        ((ObjectNode) json.get("runs").get(0)).remove("machine");
        assertThatThrownBy(() -> Metrics.TIME.read(json)).hasMessage("runs[0].machine must be a text");

        ((ObjectNode) json.get("runs").get(0)).put("machine", "x");
        ((ObjectNode) json.get("runs").get(0)).put("speed", 1);
        assertThatThrownBy(() -> Metrics.TIME.read(json)).hasMessage("runs[0] has the unknown field \"speed\"");
    }

    @Test
    void pooledTimingsKeepEveryRunAndTheMedianOfEachRulerReading() {
        final Timings first = new Timings(5, 10, new double[] {100, 102}, new TreeMap<>(Map.of("slices", 1.0,
                "jvm", 10.0)), List.of(new RecordedRun(101, 2, 1, "t1", "m", "c")));
        final Timings second = new Timings(5, 20, new double[] {200, 202}, new TreeMap<>(Map.of("slices", 3.0,
                "jvm", 30.0)), List.of(new RecordedRun(201, 2, 3, "t2", "m", "c")));
        final Timings legacy = new Timings(5, 20, new double[] {150, 152}, new TreeMap<>(Map.of("slices", 2.0,
                "jvm", 20.0)));

        final Timings pooled = Timings.pooled(List.of(first, second, legacy));

        assertThat(pooled.nanosPerOp()).containsExactly(100, 102, 200, 202, 150, 152);
        assertThat(pooled.runs()).hasSize(3);
        assertThat(pooled.runs().get(2).median()).isEqualTo(151);
        assertThat(pooled.runs().get(2).machine()).isEqualTo("-");
        assertThat(pooled.ruler()).containsEntry("slices", 2.0).containsEntry("jvm", 20.0);
        assertThat(pooled.opsPerSample()).isEqualTo(10);
    }
}
