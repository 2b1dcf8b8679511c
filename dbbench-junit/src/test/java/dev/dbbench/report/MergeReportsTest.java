package dev.dbbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.baseline.BaselineEntry;
import dev.dbbench.baseline.BaselineStore;
import dev.dbbench.config.Shard;
import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.metric.MetricValues;
import dev.dbbench.metric.Metrics;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MergeReportsTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Instant RECORDED = Instant.parse("2026-12-03T10:00:00Z");

    @TempDir
    Path temp;

    private List<BenchmarkResult> results;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void splitASuiteInTwoShards() throws Exception {
        results = SyntheticResults.generate(60, 51);
        for (int shard = 1; shard <= 2; shard++) {
            final int index = shard;
            runner("shard-" + shard, results.stream()
                    .filter(result -> Shard.of(result.id().className(), 2) == index).toList());
        }
    }

    @Test
    void aMergeOfTwoShardsEqualsTheUnshardedRunsResults() throws Exception {
        final Path merged = temp.resolve("merged");

        assertThat(merge("--report-dir", merged.toString(), "--baseline-dir", temp.resolve("baselines").toString(),
                temp.resolve("shard-1").toString(), temp.resolve("shard-2").toString())).isZero();

        final JsonNode unsharded = MAPPER.readTree(new JsonResults().render(Report.of(results, RECORDED)));
        final JsonNode document = MAPPER.readTree(merged.resolve("results.json").toFile());
        assertThat(set(document.get("results"))).isEqualTo(set(unsharded.get("results")));
        for (ResultFormat format : ResultFormat.ALL) {
            assertThat(merged.resolve(format.name() + "." + format.extension())).isNotEmptyFile();
        }
        assertThat(HtmlReportTest.count(Files.readString(merged.resolve("report.html")), "<section class=\"bench"))
                .isEqualTo(results.size());
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("dbbench merge: 60 result(s) from 2 results file(s)");
    }

    @Test
    void theEntriesTheShardsWroteGoIntoTheBaselinesAndEveryOtherEntryIsKept() throws Exception {
        final List<BenchmarkResult> written = results.stream().filter(result -> result.recording().written()).toList();
        assertThat(written).hasSizeGreaterThanOrEqualTo(2);
        final BaselineStore target = new BaselineStore(temp.resolve("baselines"));
        final BenchmarkResult first = written.get(0);
        target.merge(first.id().className(), Map.of("other [postgres 17 embedded]", entry(first, "other")));

        assertThat(merge("--report-dir", temp.resolve("merged").toString(), "--baseline-dir",
                temp.resolve("baselines").toString(), temp.resolve("shard-1").toString(),
                temp.resolve("shard-2").toString())).isZero();

        for (BenchmarkResult result : written) {
            assertThat(target.read(result.id().className()).orElseThrow().benchmarks().get(result.id().key()))
                    .isEqualTo(entry(result, result.id().method()));
        }
        assertThat(target.read(first.id().className()).orElseThrow().benchmarks())
                .containsKey("other [postgres 17 embedded]");
    }

    @Test
    void aBenchmarkTwoRunnersReportIsRefusedAndNothingIsWritten() throws Exception {
        final Path copy = temp.resolve("shard-1-again/dbbench/results.json");
        Files.createDirectories(copy.getParent());
        Files.copy(temp.resolve("shard-1/dbbench/results.json"), copy);

        assertThat(merge("--report-dir", temp.resolve("merged").toString(), "--baseline-dir",
                temp.resolve("baselines").toString(), temp.resolve("shard-1").toString(),
                temp.resolve("shard-1-again").toString())).isEqualTo(1);

        assertThat(err.toString(StandardCharsets.UTF_8)).contains("is in both", "two runners ran the same benchmark",
                "dbbench.shard=i/n");
        assertThat(temp.resolve("merged")).doesNotExist();
        assertThat(temp.resolve("baselines")).doesNotExist();
    }

    @Test
    void aWrittenEntryMissingFromItsRunnersFolderIsAnError() throws Exception {
        try (var files = Files.list(temp.resolve("shard-1/baselines"))) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
        final boolean shardOneWroteOne = results.stream().anyMatch(result -> result.recording().written()
                && Shard.of(result.id().className(), 2) == 1);

        final int code = merge("--report-dir", temp.resolve("merged").toString(), "--baseline-dir",
                temp.resolve("baselines").toString(), temp.resolve("shard-1").toString(),
                temp.resolve("shard-2").toString());

        assertThat(shardOneWroteOne).isTrue();
        assertThat(code).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("reports that it wrote the baseline entry",
                "upload the runner's baselines/ folder");
        assertThat(temp.resolve("baselines")).doesNotExist();
    }

    @Test
    void aBaselineFileThatCannotBeReadStopsTheMergeBeforeAnyFileIsWritten() throws Exception {
        final List<String> classes = results.stream().filter(result -> result.recording().written())
                .map(result -> result.id().className()).distinct().sorted().toList();
        assertThat(classes).hasSizeGreaterThanOrEqualTo(2);
        final Path broken = temp.resolve("baselines").resolve(classes.get(classes.size() - 1) + ".json");
        Files.createDirectories(broken.getParent());
        Files.writeString(broken, "{ broken");

        assertThat(merge("--report-dir", temp.resolve("merged").toString(), "--baseline-dir",
                temp.resolve("baselines").toString(), temp.resolve("shard-1").toString(),
                temp.resolve("shard-2").toString())).isEqualTo(1);

        assertThat(err.toString(StandardCharsets.UTF_8)).contains("is not a valid dbbench baseline file");
        assertThat(temp.resolve("baselines").resolve(classes.get(0) + ".json")).doesNotExist();
    }

    @Test
    void aCommandLineItCannotUseIsAUsageError() {
        assertThat(merge()).isEqualTo(2);
        assertThat(merge("--colour", "red", temp.toString())).isEqualTo(2);
        assertThat(merge(temp.resolve("nowhere").toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("name at least one input folder",
                "unknown option --colour", "does not exist", "usage: java -cp <test class path>"
                        + " dev.dbbench.report.MergeReports");
    }

    /** What one runner leaves: its report directory and, for the entries it wrote, its baselines folder. */
    private void runner(String name, List<BenchmarkResult> ran) throws Exception {
        assertThat(ran).isNotEmpty();
        new ReportFiles(temp.resolve(name).resolve("dbbench"), "dbbench-report").write(Report.of(ran, RECORDED));
        final BaselineStore store = new BaselineStore(temp.resolve(name).resolve("baselines"));
        for (BenchmarkResult result : ran) {
            if (result.recording().written()) {
                store.merge(result.id().className(), Map.of(result.id().key(), entry(result, result.id().method())));
            }
        }
    }

    private static BaselineEntry entry(BenchmarkResult result, String method) {
        return BaselineEntry.of(method, result.id().target(), RECORDED,
                MetricValues.empty().with(Metrics.TIME, result.time().current()), result.environment());
    }

    private int merge(String... args) {
        return MergeReports.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static Set<JsonNode> set(JsonNode array) {
        final Set<JsonNode> set = new HashSet<>();
        array.forEach(set::add);
        assertThat(set).hasSize(array.size());
        return set;
    }
}
