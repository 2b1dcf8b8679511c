package dev.dbbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;

import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.stats.Summary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryTest {

    @TempDir
    Path folder;

    @Test
    void readsTheMediansOfEveryResultsFileUnderTheFolderInTimeOrder() throws Exception {
        final List<BenchmarkResult> results = SyntheticResults.generate(3, 41);
        // Any names, nested folders, written out of order; other JSON files and non-JSON files beside them.
        write("run-17/dbbench/results.json", results, "2026-11-17T08:00:00Z");
        write("a/b/c/artifact.json", results, "2026-11-03T08:00:00Z");
        write("latest.json", results, "2026-11-24T08:00:00Z");
        Files.writeString(folder.resolve("run-17/dbbench/jmh-result.json"), new JmhResults().render(
                Report.of(results, Instant.now())));
        Files.writeString(folder.resolve("broken.json"), "{ not json");
        Files.writeString(folder.resolve("notes.txt"), "not read");

        final History history = History.read(folder);

        assertThat(history.runs()).isEqualTo(3);
        assertThat(history.skipped()).containsExactly("broken.json (not JSON)");
        final String key = results.get(0).id().className() + "." + results.get(0).id().key();
        assertThat(history.of(key)).extracting(History.Point::recordedAt).containsExactly(
                Instant.parse("2026-11-03T08:00:00Z"), Instant.parse("2026-11-17T08:00:00Z"),
                Instant.parse("2026-11-24T08:00:00Z"));
        assertThat(history.of(key).get(0).median())
                .isEqualTo(Summary.of(results.get(0).time().current().nanosPerOp()).median());
        assertThat(history.of("com.example.Unknown.method [postgres 17 embedded]")).isEmpty();
    }

    @Test
    void filesOfTheFirstSchemaAreOrderedByTheirModificationTime() throws Exception {
        final Path old = folder.resolve("old-results.json");
        Files.writeString(old, """
                {"schema": 1, "results": [{"class": "com.example.OrderBench", "key": "find [postgres 17 embedded]",
                  "current": {"median": 120000.0}, "baseline": {"median": 100000.0}}]}
                """);
        Files.setLastModifiedTime(old, FileTime.from(Instant.parse("2026-10-01T12:00:00Z")));

        final History history = History.read(folder);

        assertThat(history.of("com.example.OrderBench.find [postgres 17 embedded]"))
                .containsExactly(new History.Point(Instant.parse("2026-10-01T12:00:00Z"), 120_000));
    }

    private void write(String path, List<BenchmarkResult> results, String recordedAt) throws Exception {
        final Path file = folder.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, new JsonResults().render(Report.of(results, Instant.parse(recordedAt))));
    }
}
