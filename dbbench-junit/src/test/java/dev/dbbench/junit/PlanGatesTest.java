package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.MaxStatements;
import dev.dbbench.api.NoSeqScan;
import dev.dbbench.api.Postgres;
import dev.dbbench.api.UsesIndex;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** Plans and work counters as deterministic gates, on real embedded PostgreSQL. */
class PlanGatesTest {

    /** Set by a test to make {@link IndexedCase} load its table without the index. */
    static final String DROP_INDEX_PROPERTY = "dbbench.test.drop-index";

    @TempDir
    Path temp;

    @Test
    void arrowQueryOnTheGinCatalogIsASeqScanAndFailsUsesIndexWhileContainmentPassesIt() {
        final EngineExecutionResults results = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off")
                .run(CatalogCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("PLAN REGRESSION in PlanGatesTest$CatalogCase.arrow [postgres 17 embedded]")
                .contains("@UsesIndex(\"json_tables_idx\"): no statement's plan uses it")
                .contains("Seq Scan on json_tables");
    }

    @Test
    void droppedIndexFailsAgainstTheBaselineOnTheFirstRunShowingBothPlans() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
        runner.run(IndexedCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        final EngineExecutionResults dropped;
        System.setProperty(DROP_INDEX_PROPERTY, "true");
        try {
            dropped = runner.run(IndexedCase.class);
        } finally {
            System.clearProperty(DROP_INDEX_PROPERTY);
        }

        dropped.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(dropped))
                .contains("plan changed")
                .contains("baseline")
                .contains("Index Scan on t using t_k_idx")
                .contains("≠ Seq Scan on t")
                .contains("accept       mvn dbbench:accept -Ddbbench.accept.benchmarks=");
        // The message is the verdict; its trace is the benchmark's frame, not some 30 lines of JUnit's.
        final Throwable failure = dropped.testEvents().failed().stream().findFirst().orElseThrow()
                .getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow();
        assertThat(failure.getStackTrace()).singleElement().hasToString(IndexedCase.class.getName()
                + ".rangeLookup(PlanGatesTest.java)");
    }

    @Test
    void unchangedIndexedBenchmarkPassesTwentyRunsOutOfTwentyWithIdenticalCountersAndSizes() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
        runner.run(IndexedCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        final Set<Long> sharedBlocks = new HashSet<>();
        final Set<Long> totalBytes = new HashSet<>();
        for (int run = 0; run < 20; run++) {
            runner.run(IndexedCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));
            final JsonNode result = new ObjectMapper().readTree(runner.reportDirectory().resolve("results.json").toFile())
                    .get("results").get(0);
            assertThat(result.get("planFindings")).isEmpty();
            sharedBlocks.add(result.get("plans").get(0).get("sharedBlocks").asLong());
            totalBytes.add(result.get("storage").get(0).get("totalBytes").asLong());
        }
        assertThat(sharedBlocks).hasSize(1);
        assertThat(totalBytes).hasSize(1);
    }

    @Test
    void nPlusOneQueriesFailMaxStatements() {
        final EngineExecutionResults results = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off")
                .run(NPlusOneCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1).succeeded(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("@MaxStatements(2): one call executed 11 statements")
                .contains("10 x SELECT v FROM t WHERE k = ?");
    }

    @Test
    void writesAreExplainedInARolledBackTransactionAndNotAppliedTwice() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");

        runner.run(InsertCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        final JsonNode result = new ObjectMapper().readTree(runner.reportDirectory().resolve("results.json").toFile())
                .get("results").get(0);
        assertThat(result.get("plans").get(0).get("shape").get(0).asText()).isEqualTo("ModifyTable on events");
        assertThat(InsertCase.rowsAfterCapture).isEqualTo(1);
    }

    static void query(Connection db, String sql) throws SQLException {
        try (PreparedStatement statement = db.prepareStatement(sql); ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                rows.getString(1);
            }
        }
    }

    @Postgres
    static class CatalogCase {

        @BeforeAll
        static void load(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                // Product documents, one brand in ten ACME, under a GIN index (as the seed's catalog).
                statement.execute("CREATE TABLE json_tables (data jsonb)");
                statement.execute("INSERT INTO json_tables SELECT jsonb_build_object('name', 'product ' || g, 'brand',"
                        + " CASE WHEN g % 10 = 0 THEN 'ACME' ELSE 'brand ' || g % 97 END, 'price', g % 500)"
                        + " FROM generate_series(1, 2200) g");
                statement.execute("CREATE INDEX json_tables_idx ON json_tables USING gin (data)");
                statement.execute("ANALYZE json_tables");
            }
        }

        @DbBenchmark(warmups = 0, samples = 5, opsPerSample = 1)
        @UsesIndex("json_tables_idx")
        void containment(Connection db) throws SQLException {
            query(db, "SELECT data->>'name' FROM json_tables WHERE data @> '{\"brand\": \"ACME\"}'");
        }

        @DbBenchmark(warmups = 0, samples = 5, opsPerSample = 1)
        @UsesIndex("json_tables_idx")
        void arrow(Connection db) throws SQLException {
            query(db, "SELECT data->>'name' FROM json_tables WHERE data->>'brand' = 'ACME'");
        }
    }

    @Postgres
    static class IndexedCase {

        @BeforeAll
        static void load(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE t AS SELECT g AS k, md5(g::text) AS v FROM generate_series(1, 20000) g");
                if (!Boolean.getBoolean(DROP_INDEX_PROPERTY)) {
                    statement.execute("CREATE INDEX t_k_idx ON t (k)");
                }
                statement.execute("ANALYZE t");
            }
        }

        @DbBenchmark(warmups = 0, samples = 5, opsPerSample = 1)
        void rangeLookup(Connection db) throws SQLException {
            query(db, "SELECT v FROM t WHERE k BETWEEN 100 AND 300");
        }
    }

    @Postgres
    static class NPlusOneCase {

        @BeforeAll
        static void load(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE t (k int PRIMARY KEY, v text)");
                statement.execute("INSERT INTO t SELECT g, md5(g::text) FROM generate_series(1, 100) g");
            }
        }

        @DbBenchmark(warmups = 0, samples = 5, opsPerSample = 1)
        @MaxStatements(2)
        void onePerRow(Connection db) throws SQLException {
            query(db, "SELECT k FROM t ORDER BY k LIMIT 10");
            for (int k = 1; k <= 10; k++) {
                try (PreparedStatement lookup = db.prepareStatement("SELECT v FROM t WHERE k = ?")) {
                    lookup.setInt(1, k);
                    try (ResultSet rows = lookup.executeQuery()) {
                        rows.next();
                    }
                }
            }
        }

        @DbBenchmark(warmups = 0, samples = 5, opsPerSample = 1)
        @MaxStatements(1)
        @NoSeqScan
        void oneJoin(Connection db) throws SQLException {
            query(db, "SELECT v FROM t WHERE k = ANY ('{1,2,3,4,5,6,7,8,9,10}'::int[])");
        }
    }

    @Postgres
    static class InsertCase {

        static volatile long rowsAfterCapture;

        @BeforeAll
        static void create(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE events (id serial PRIMARY KEY, payload text)");
            }
        }

        @dev.dbbench.api.BeforeSample
        void empty(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("TRUNCATE events");
            }
        }

        @DbBenchmark(warmups = 0, samples = 5, opsPerSample = 1)
        void insert(Connection db) throws SQLException {
            try (PreparedStatement insert = db.prepareStatement("INSERT INTO events (payload) VALUES (?)")) {
                insert.setString(1, "x");
                insert.executeUpdate();
            }
        }

        @org.junit.jupiter.api.AfterEach
        void count(Connection db) throws SQLException {
            try (Statement statement = db.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT count(*) FROM events")) {
                rows.next();
                rowsAfterCapture = rows.getLong(1);
            }
        }
    }
}
