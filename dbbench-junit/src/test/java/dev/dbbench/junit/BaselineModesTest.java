package dev.dbbench.junit;

import static dev.dbbench.junit.DbBenchmarkExtensionTest.failureMessage;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** What each baseline mode writes, and that a bad baseline file is reported and left untouched. */
class BaselineModesTest {

    @TempDir
    Path temp;

    @Test
    void updateRewritesOnlyTheEntryThatMovedAndKeepsEveryOtherByteForByte() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        runner.run(TwoQueriesCase.class).testEvents().assertStatistics(stats -> stats.succeeded(2));
        final Path file = runner.baselineFile(TwoQueriesCase.class);
        final String before = Files.readString(file);
        final String first = "first [postgres 17 embedded]";
        final String second = "second [postgres 17 embedded]";

        TwoQueriesCase.extraStatement = true;
        try {
            runner.with(ConfigKeys.BASELINE_MODE, "update").run(TwoQueriesCase.class)
                    .testEvents().assertStatistics(stats -> stats.succeeded(2));
        } finally {
            TwoQueriesCase.extraStatement = false;
        }

        final String after = Files.readString(file);
        assertThat(entryText(after, second)).isEqualTo(entryText(before, second));
        assertThat(entryText(after, first)).isNotEqualTo(entryText(before, first));
        assertThat(read(file).get("benchmarks").get(first).get("traffic").get("roundTrips").asInt())
                .isEqualTo(new ObjectMapper().readTree(before).get("benchmarks").get(first).get("traffic")
                        .get("roundTrips").asInt() + 1);
        assertThat(runner.result("first").get("note").asText()).contains("baseline entry rewritten: ")
                .contains("round trips 1 -> 2");
        assertThat(runner.result("second").get("note").asText())
                .contains("baseline entry kept: nothing moved beyond its tolerance");
    }

    @Test
    void updateOfBenchmarksThatDidNotMoveLeavesTheFileAsItWas() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        runner.run(TwoQueriesCase.class).testEvents().assertStatistics(stats -> stats.succeeded(2));
        final Path file = runner.baselineFile(TwoQueriesCase.class);
        final byte[] before = Files.readAllBytes(file);

        runner.with(ConfigKeys.BASELINE_MODE, "update").run(TwoQueriesCase.class)
                .testEvents().assertStatistics(stats -> stats.succeeded(2));

        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    /** The lines of one entry of a baseline file's text, from its key to the next entry's. */
    private static String entryText(String file, String key) {
        final int start = file.indexOf("\"" + key + "\"");
        final int next = file.indexOf("\n    \"", start + 1);
        return file.substring(start, next < 0 ? file.length() : next);
    }

    @Test
    void updateNeverFailsEvenOnARegression() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        runner.run(TwoQueriesCase.class, "first").testEvents().assertStatistics(stats -> stats.succeeded(1));
        final Path file = runner.baselineFile(TwoQueriesCase.class);
        // A baseline far faster than anything this machine can do forces a regression.
        Files.writeString(file, Pattern.compile("(\"samples\" : \\[)([^\\]]*)").matcher(Files.readString(file))
                .replaceAll(samples -> samples.group(1) + samples.group(2).replaceAll("[0-9.]+", "1")));

        runner.with(ConfigKeys.BASELINE_MODE, "update").run(TwoQueriesCase.class, "first")
                .testEvents().assertStatistics(stats -> stats.succeeded(1));

        assertThat(read(file).get("benchmarks").get("first [postgres 17 embedded]").get("time").get("summary").get("median")
                .asDouble()).isGreaterThan(1);
    }

    @Test
    void theDeprecatedRecordMissingModeStillRecordsNewEntriesAndComparesTheRest() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        runner.with(ConfigKeys.BASELINE_MODE, "record-missing").run(TwoQueriesCase.class, "first")
                .testEvents().assertStatistics(stats -> stats.succeeded(1));
        final String afterFirst = Files.readString(runner.baselineFile(TwoQueriesCase.class));

        runner.run(TwoQueriesCase.class).testEvents().assertStatistics(stats -> stats.succeeded(2));

        final JsonNode file = read(runner.baselineFile(TwoQueriesCase.class));
        assertThat(file.get("benchmarks").fieldNames()).toIterable()
                .containsExactly("first [postgres 17 embedded]", "second [postgres 17 embedded]");
        // The entry that existed was compared, not rewritten.
        assertThat(file.get("benchmarks").get("first [postgres 17 embedded]"))
                .isEqualTo(new ObjectMapper().readTree(afterFirst).get("benchmarks").get("first [postgres 17 embedded]"));
    }

    @Test
    void everyEntryCarriesItsServersStartReadingAndItsOwnRulerSlices() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        runner.run(TwoQueriesCase.class).testEvents().assertStatistics(stats -> stats.succeeded(2));

        final JsonNode benchmarks = read(runner.baselineFile(TwoQueriesCase.class)).get("benchmarks");
        final JsonNode first = benchmarks.get("first [postgres 17 embedded]").get("time").get("ruler");
        final JsonNode second = benchmarks.get("second [postgres 17 embedded]").get("time").get("ruler");
        assertThat(first.fieldNames()).toIterable().containsExactly("engine", "jvm", "slices");
        assertThat(first.get("engine").asDouble()).isPositive();
        assertThat(first.get("jvm").asDouble()).isPositive();
        // One start reading per server; the slices were timed between each benchmark's own samples.
        assertThat(second.get("engine")).isEqualTo(first.get("engine"));
        assertThat(second.get("jvm")).isEqualTo(first.get("jvm"));
        assertThat(first.get("slices").asDouble()).isPositive().isLessThan(first.get("engine").asDouble());
        assertThat(second.get("slices").asDouble()).isPositive();
    }

    @Test
    void corruptBaselineFailsEveryBenchmarkClearlyAndIsLeftByteForByte() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        final Path file = runner.baselineFile(TwoQueriesCase.class);
        Files.createDirectories(file.getParent());
        final byte[] corrupt = "{\n  \"schema\" : 1,\n  \"class\" : \"x\",\n  \"benchmarks\" : { oops\n"
                .getBytes(StandardCharsets.UTF_8);
        Files.write(file, corrupt);

        for (String mode : new String[] {"compare", "update"}) {
            final EngineExecutionResults results = runner.with(ConfigKeys.BASELINE_MODE, mode).run(TwoQueriesCase.class);

            results.testEvents().assertStatistics(stats -> stats.failed(2));
            assertThat(failureMessage(results))
                    .contains(file.toString())
                    .contains("is not a valid dbbench baseline file")
                    .contains("line 4")
                    .contains("The file was not changed");
            assertThat(Files.readAllBytes(file)).isEqualTo(corrupt);
        }
    }

    @Test
    void aCorruptBaselineFailsItsBenchmarkBeforeTheBodyIsCalledOnce() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        final Path file = runner.baselineFile(CountingCase.class);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{ \"schema\" : 2, \"benchmarks\" : { oops\n");
        CountingCase.CALLS.set(0);

        final EngineExecutionResults results = runner.run(CountingCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(failureMessage(results)).contains(file.toString()).contains("is not a valid dbbench baseline file");
        // Not one warm-up, sample or capture call: a run that cannot be judged is not measured first.
        assertThat(CountingCase.CALLS).hasValue(0);
    }

    @Test
    void unknownSchemaVersionIsNamed() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        final Path file = runner.baselineFile(TwoQueriesCase.class);
        Files.createDirectories(file.getParent());
        final String future = "{ \"schema\" : 7, \"class\" : \"" + TwoQueriesCase.class.getName() + "\", \"benchmarks\" : {} }\n";
        Files.writeString(file, future);

        final EngineExecutionResults results = runner.run(TwoQueriesCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(2));
        assertThat(failureMessage(results)).contains("schema version 7").contains("reads only versions 1 and 2");
        assertThat(Files.readString(file)).isEqualTo(future);
    }

    @Test
    void unwritableBaselineDirectoryIsNamedAndNothingIsWritten() throws Exception {
        // A regular file where the directory should be: unwritable even for root, which CI runs as.
        final Path blocked = temp.resolve("blocked");
        Files.writeString(blocked, "not a directory");
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.BASELINE_DIR, blocked.toString());

        final EngineExecutionResults results = runner.run(TwoQueriesCase.class, "first");

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(failureMessage(results))
                .contains("the baseline directory " + blocked.toAbsolutePath() + " is not a directory")
                .contains(ConfigKeys.BASELINE_DIR);
        assertThat(Files.readString(blocked)).isEqualTo("not a directory");
    }

    private static JsonNode read(Path file) throws Exception {
        return new ObjectMapper().readTree(file.toFile());
    }

    @Postgres
    static class CountingCase {

        static final AtomicInteger CALLS = new AtomicInteger();

        @DbBenchmark(warmups = 5, samples = 15, opsPerSample = 100)
        void counts(Connection db) {
            CALLS.incrementAndGet();
        }
    }

    @Postgres
    static class TwoQueriesCase {

        /** Makes {@code first} send one more statement per call: a change its counts show. */
        static volatile boolean extraStatement;

        @DbBenchmark(warmups = 1, samples = 5, opsPerSample = 2, thresholdPercent = 900)
        void first(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("SELECT 1");
                if (extraStatement) {
                    statement.execute("SELECT 3");
                }
            }
        }

        @DbBenchmark(warmups = 1, samples = 5, opsPerSample = 2, thresholdPercent = 900)
        void second(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("SELECT 2");
            }
        }
    }
}
