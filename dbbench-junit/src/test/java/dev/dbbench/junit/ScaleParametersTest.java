package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.BeforeSample;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.DbFixture;
import dev.dbbench.api.Postgres;
import dev.dbbench.api.Scale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * A benchmark with a {@code @Scale} parameter runs once per value the run's scale picks: each its own
 * test, display name and baseline entry, with the value passed to the benchmark, its hooks and the
 * fixtures that fill its data.
 */
class ScaleParametersTest {

    static final List<String> EVENTS = new CopyOnWriteArrayList<>();

    @TempDir
    Path temp;

    @BeforeEach
    void clearEvents() {
        EVENTS.clear();
    }

    @Test
    void eachValueIsItsOwnTestWithItsOwnDataAndBaselineEntry() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);

        final EngineExecutionResults results = runner.run(RowsCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(2).failed(0));
        assertThat(displayNames(results)).containsExactly("[postgres 17 embedded] rows=10",
                "[postgres 17 embedded] rows=20");
        assertThat(EVENTS).containsSubsequence("before each 10", "load 10", "before sample 10", "count 10 found 10",
                "before each 20", "load 20", "before sample 20", "count 20 found 20");
        final JsonNode baseline = new ObjectMapper().readTree(runner.baselineFile(RowsCase.class).toFile());
        assertThat(baseline.get("benchmarks").fieldNames()).toIterable().containsExactly(
                "count [postgres 17 embedded] rows=10", "count [postgres 17 embedded] rows=20");
        final JsonNode first = new ObjectMapper().readTree(runner.reportDirectory().resolve("results.json").toFile())
                .get("results").get(0);
        assertThat(first.get("key").asText()).isEqualTo("count [postgres 17 embedded] rows=10");
        assertThat(first.get("parameter").get("name").asText()).isEqualTo("rows");
        assertThat(first.get("parameter").get("value").asLong()).isEqualTo(10);
    }

    @Test
    void theLargeScaleRunsTheLargeValues() {
        final EngineExecutionResults results = new FixtureRunner(temp).with(ConfigKeys.SCALE, "large")
                .run(RowsCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));
        assertThat(displayNames(results)).containsExactly("[postgres 17 embedded] rows=30");
        assertThat(EVENTS).contains("count 30 found 30");
    }

    @Test
    void theValueReachesHooksAndBodyOnTheCountingCopyToo() throws Exception {
        Requirements.valgrind();
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.COUNT_INSTRUCTIONS, "auto");

        runner.run(RowsCase.class).testEvents().assertStatistics(stats -> stats.succeeded(2).failed(0));

        final JsonNode baseline = new ObjectMapper().readTree(runner.baselineFile(RowsCase.class).toFile());
        assertThat(baseline.get("benchmarks").get("count [postgres 17 embedded] rows=20").has("instructions"))
                .isTrue();
    }

    @Test
    void aClassWideParameterNoFixtureTakesSharesTheClassDatabase() {
        final EngineExecutionResults results = new FixtureRunner(temp).run(BatchCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(4).failed(0));
        assertThat(EVENTS).containsOnlyOnce("load").contains("insert 1", "insert 5", "update 1", "update 5");
    }

    private static List<String> displayNames(EngineExecutionResults results) {
        return results.testEvents().finished().stream().map(event -> event.getTestDescriptor().getDisplayName())
                .toList();
    }

    @Postgres
    static class RowsCase {

        @DbFixture
        static void load(Connection db, long rows) throws SQLException {
            EVENTS.add("load " + rows);
            try (Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE t AS SELECT g AS k FROM generate_series(1, " + rows + ") g");
            }
        }

        @BeforeEach
        void beforeEach(long rows) {
            EVENTS.add("before each " + rows);
        }

        @BeforeSample
        void hook(int rows) {
            EVENTS.add("before sample " + rows);
        }

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        @Scale(name = "rows", small = {10, 20}, large = 30)
        void count(Connection db, long rows) throws SQLException {
            try (Statement statement = db.createStatement();
                    ResultSet result = statement.executeQuery("SELECT count(*) FROM t")) {
                result.next();
                EVENTS.add("count " + rows + " found " + result.getLong(1));
            }
        }
    }

    @Postgres
    @Scale(name = "batch", small = {1, 5})
    static class BatchCase {

        @DbFixture
        static void load(Connection db) throws SQLException {
            EVENTS.add("load");
            try (Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE t (k int)");
            }
        }

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void insert(Connection db, int batch) throws SQLException {
            EVENTS.add("insert " + batch);
            try (Statement statement = db.createStatement()) {
                statement.execute("INSERT INTO t SELECT generate_series(1, " + batch + ")");
            }
        }

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void update(Connection db, int batch) throws SQLException {
            EVENTS.add("update " + batch);
            try (Statement statement = db.createStatement()) {
                statement.execute("UPDATE t SET k = k + 1 WHERE k <= " + batch);
            }
        }
    }
}
