package dev.dbbench.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.dbbench.metric.MetricValues;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.Timings;
import dev.dbbench.verdict.RecordedRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Merging the baseline directories of separate recordings into one: runs concatenated per entry. */
class BaselineMergeTest {

    private static final String CLASS = "com.example.OrderBench";

    @TempDir
    Path temp;

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    @Test
    void entriesOfEverySourceArePooledRunByRunAndReplaceTheTargetsOwn() throws Exception {
        final Path first = recorded("job-1", Map.of("find [pg]", entry(100, "2026-12-04T10:00:00Z", "m1"),
                "insert [pg]", entry(500, "2026-12-04T10:00:00Z", "m1")));
        final Path second = recorded("job-2", Map.of("find [pg]", entry(110, "2026-12-04T11:00:00Z", "m2")));
        final Path into = recorded("baselines", Map.of("find [pg]", entry(2, "2025-01-01T00:00:00Z", "old"),
                "other [pg]", entry(7, "2025-01-01T00:00:00Z", "old")));

        merge(into, first, second);

        final BaselineFile merged = new BaselineStore(into).read(CLASS).orElseThrow();
        assertThat(merged.benchmarks()).containsOnlyKeys("find [pg]", "insert [pg]", "other [pg]");
        final BaselineEntry find = merged.benchmarks().get("find [pg]");
        final Timings time = find.metrics().get(Metrics.TIME).orElseThrow();
        assertThat(time.runs()).extracting(RecordedRun::machine).containsExactly("m1", "m2");
        assertThat(time.nanosPerOp()).containsExactly(99, 100, 101, 109, 110, 111);
        assertThat(find.recordedAt()).isEqualTo("2026-12-04T11:00:00Z");
        // A benchmark only one source recorded keeps its one run; one no source recorded is kept as it was.
        assertThat(merged.benchmarks().get("insert [pg]").metrics().get(Metrics.TIME).orElseThrow().runCount())
                .isEqualTo(1);
        assertThat(merged.benchmarks().get("other [pg]").metrics().get(Metrics.TIME).orElseThrow().summary().median())
                .isEqualTo(7);
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains(CLASS + " find [pg]: 2 runs from 2 of 2 directories; 2 runs spread ±")
                .contains(CLASS + " insert [pg]: 1 runs from 1 of 2 directories; a single recorded run")
                .contains("merged 2 baseline directories into " + into + ": 2 entries of 1 classes");
    }

    @Test
    void aBrokenSourceStopsTheMergeBeforeAnythingIsWritten() throws Exception {
        final Path good = recorded("job-1", Map.of("find [pg]", entry(100, "2026-12-04T10:00:00Z", "m1")));
        final Path broken = Files.createDirectories(temp.resolve("job-2"));
        Files.writeString(broken.resolve(CLASS + ".json"), "{ not json");
        final Path into = temp.resolve("baselines");

        assertThatThrownBy(() -> merge(into, good, broken)).isInstanceOf(BaselineException.class)
                .hasMessageContaining("is not a valid dbbench baseline file");
        assertThat(into).doesNotExist();
    }

    @Test
    void aSourceThatIsNotADirectoryIsNamed() {
        assertThatThrownBy(() -> merge(temp.resolve("into"), temp.resolve("missing")))
                .hasMessage(temp.resolve("missing") + " is not a directory of baseline files; nothing was merged.");
    }

    private void merge(Path into, Path... sources) throws Exception {
        new BaselineMerge(new PrintStream(printed, true, StandardCharsets.UTF_8)).merge(into, List.of(sources));
    }

    private Path recorded(String name, Map<String, BaselineEntry> entries) {
        final Path directory = temp.resolve(name);
        new BaselineStore(directory).merge(CLASS, entries);
        return directory;
    }

    private static BaselineEntry entry(double median, String at, String machine) {
        final double[] samples = {median - 1, median, median + 1};
        final Timings time = new Timings(5, 1, samples, new TreeMap<>(Map.of("slices", 2e6)),
                List.of(new RecordedRun(median, 3, 2e6, at, machine, "AMD EPYC x2")));
        return BaselineEntry.of("m", "pg", Instant.parse(at), MetricValues.empty().with(Metrics.TIME, time),
                new TreeMap<>(Map.of("cpu.model", "AMD EPYC")));
    }
}
