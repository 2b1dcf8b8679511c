package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoDatabase;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Mongo;
import dev.dbbench.report.MergeReports;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;

/**
 * A suite split across runners with {@code dbbench.shard}: each class runs in exactly one shard,
 * and the shards' reports and baselines, merged, equal those of the whole suite run at once.
 */
class ShardingTest {

    private static final Class<?>[] SUITE = {AlphaCase.class, BravoCase.class, EchoCase.class, FoxtrotCase.class};

    @TempDir
    Path temp;

    @Test
    void eachClassRunsInOneShardAndTheMergedShardsEqualTheWholeRun() throws Exception {
        final EngineExecutionResults whole = new FixtureRunner(temp.resolve("whole")).run(SUITE[0], rest());
        whole.testEvents().assertStatistics(stats -> stats.succeeded(SUITE.length).failed(0));

        final Set<String> ran = new TreeSet<>();
        for (int shard = 1; shard <= 2; shard++) {
            final EngineExecutionResults results = new FixtureRunner(temp.resolve("shard-" + shard))
                    .with(ConfigKeys.SHARD, shard + "/2").run(SUITE[0], rest());
            results.testEvents().assertStatistics(stats -> stats.failed(0));
            final List<String> succeeded = results.testEvents().succeeded().stream()
                    .map(event -> testClass(event)).toList();
            assertThat(succeeded).as("shard %d runs something", shard).isNotEmpty();
            assertThat(succeeded).as("no class runs in two shards").noneMatch(ran::contains);
            ran.addAll(succeeded);
            final String skipReason = "dbbench.shard=" + shard + "/2: ";
            assertThat(results.containerEvents().skipped().stream().map(event -> event.getPayload(String.class)
                    .orElseThrow()).toList()).hasSize(SUITE.length - succeeded.size())
                    .allSatisfy(reason -> assertThat(reason).startsWith(skipReason));
        }
        assertThat(ran).hasSize(SUITE.length);

        // The command a CI job runs after the shards, given each runner's folder.
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = MergeReports.run(new String[] {"--report-dir", temp.resolve("merged").toString(),
                "--baseline-dir", temp.resolve("merged-baselines").toString(), temp.resolve("shard-1").toString(),
                temp.resolve("shard-2").toString()}, new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(resultKeys(temp.resolve("merged/results.json")))
                .isEqualTo(resultKeys(temp.resolve("whole/reports/results.json")));
        assertThat(baselineKeys(temp.resolve("merged-baselines")))
                .isEqualTo(baselineKeys(temp.resolve("whole/baselines")));
    }

    private static Class<?>[] rest() {
        return List.of(SUITE).subList(1, SUITE.length).toArray(Class<?>[]::new);
    }

    private static String testClass(Event event) {
        return ((MethodSource) event.getTestDescriptor().getSource().orElseThrow()).getClassName();
    }

    /** The class and key of every result in a results file. */
    private static Set<String> resultKeys(Path file) throws IOException {
        final Set<String> keys = new TreeSet<>();
        new ObjectMapper().readTree(file.toFile()).get("results")
                .forEach(result -> keys.add(result.get("class").asText() + " " + result.get("key").asText()));
        return keys;
    }

    /** Every baseline file of a folder with the keys of its entries. */
    private static Set<String> baselineKeys(Path folder) throws IOException {
        final Set<String> keys = new TreeSet<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.filter(path -> path.toString().endsWith(".json")).toList()) {
                final JsonNode benchmarks = new ObjectMapper().readTree(file.toFile()).get("benchmarks");
                benchmarks.fieldNames().forEachRemaining(key -> keys.add(file.getFileName() + " " + key));
            }
        }
        return keys;
    }

    @Mongo
    static class AlphaCase {
        @DbBenchmark(warmups = 0, samples = 5, opsPerSample = 1)
        void ping(MongoDatabase db) {
            db.runCommand(new Document("ping", 1));
        }
    }

    @Mongo
    static class BravoCase {
        @DbBenchmark(warmups = 0, samples = 5, opsPerSample = 1)
        void ping(MongoDatabase db) {
            db.runCommand(new Document("ping", 1));
        }
    }

    @Mongo
    static class EchoCase {
        @DbBenchmark(warmups = 0, samples = 5, opsPerSample = 1)
        void ping(MongoDatabase db) {
            db.runCommand(new Document("ping", 1));
        }
    }

    @Mongo
    static class FoxtrotCase {
        @DbBenchmark(warmups = 0, samples = 5, opsPerSample = 1)
        void ping(MongoDatabase db) {
            db.runCommand(new Document("ping", 1));
        }
    }
}
