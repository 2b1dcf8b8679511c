package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbbench.api.BeforeSample;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.postgresql.PGConnection;

/** What a call writes (WAL, buffers, temp files, the WAL's own records), counted and gated, on real embedded PostgreSQL. */
class WriteCountsTest {

    /** Set by a test to change {@link InsertCase} and {@link CopyCase}: one more index, a commit per row. */
    static final String CHANGE_PROPERTY = "dbbench.test.writes-change";

    static final int ROWS = 100;

    @TempDir
    Path temp;

    @Test
    void anAddedIndexFailsOnTheWalItWritesWhileUnchangedRunsCountTheSame() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
        final JsonNode recorded = recordAndRepeat(runner, InsertCase.class, "insert");
        assertThat(recorded.get("walRecords").asLong()).isGreaterThanOrEqualTo(2 * ROWS);
        assertThat(recorded.get("serverWalBytes").asLong()).isGreaterThan(recorded.get("walBytes").asLong());
        // Row by row under auto-commit: a heap and an index record per row, and a commit each.
        assertThat(recorded.get("server").get("commitRecords").asLong()).isEqualTo(ROWS);
        assertThat(recorded.get("server").get("databaseRecords").asLong())
                .isEqualTo(recorded.get("walRecords").asLong() + ROWS);

        final EngineExecutionResults indexed = changed(runner, InsertCase.class, "index");
        // Both benchmarks of the class insert into the table that got the index.
        indexed.testEvents().assertStatistics(stats -> stats.failed(2));
        final long records = recorded.get("walRecords").asLong();
        assertThat(DbBenchmarkExtensionTest.failureMessage(indexed))
                .contains("dbbench: WRITES REGRESSION in WriteCountsTest$InsertCase.insert [postgres 17 embedded]")
                // An index entry per row, and the root page the emptied index gets on its first entry.
                .contains("WAL records per call " + records + " -> " + (records + ROWS + 1));
    }

    @Test
    void aCommitPerRowInsteadOfOneFailsOnCommitRecords() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
        final JsonNode recorded = recordAndRepeat(runner, InsertCase.class, "insertInOneTransaction");
        assertThat(recorded.get("server").get("commitRecords").asLong()).isEqualTo(1);

        final EngineExecutionResults each = changed(runner, InsertCase.class, "commit-each");
        each.testEvents().assertStatistics(stats -> stats.failed(1));
        // The statements write what they wrote: only the commits tell the two apart.
        assertThat(DbBenchmarkExtensionTest.failureMessage(each))
                .contains("dbbench: WRITES REGRESSION in WriteCountsTest$InsertCase.insertInOneTransaction")
                .contains("commit records per call 1 -> " + ROWS)
                .doesNotContain("WAL records per call ");
        ReportScreenshot.check(runner, temp, "writes-commit-records", "REGRESSION",
                "commit records per call 1 -&gt; " + ROWS, ROWS + " commit(s)");
    }

    @Test
    void anAddedIndexUnderCopyFailsOnTheDatabasesWalWhichNoStatementCountHolds() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
        final JsonNode recorded = recordAndRepeat(runner, CopyCase.class, "copy");
        // pg_stat_statements does not count COPY here; the WAL does: a multi-insert per heap page, an index entry per row.
        assertThat(recorded.get("walRecords").asLong()).isZero();
        final long records = recorded.get("server").get("databaseRecords").asLong();
        assertThat(records).isGreaterThan(ROWS);
        assertThat(recorded.get("server").get("commitRecords").asLong()).isEqualTo(1);

        final EngineExecutionResults indexed = changed(runner, CopyCase.class, "index");
        indexed.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(indexed))
                .contains("dbbench: WRITES REGRESSION in WriteCountsTest$CopyCase.copy [postgres 17 embedded]")
                .contains("WAL records on the database per call (commits and COPY included) " + records + " -> "
                        + (records + ROWS + 1));
    }

    @Test
    void recordsAutovacuumLoggedOnTheDatabaseDuringTheCallAreShownNotCompared() throws Exception {
        // What the client allocates while the call waits for autovacuum depends on how long it waits.
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off")
                .with(ConfigKeys.COUNT_INSTRUCTIONS, "off").with(ConfigKeys.TOLERANCE_ALLOCATIONS_PERCENT, "1000");
        succeeded(runner.run(AutovacuumCase.class), "insertWhileAnalyzed");
        assertThat(runner.result("insertWhileAnalyzed").get("writes").get("server").get("autovacuumMeanwhile")
                .asBoolean()).isTrue();

        // The analyze's records differ from run to run (they hold the statistics it found): never a finding.
        for (int run = 0; run < 2; run++) {
            succeeded(runner.run(AutovacuumCase.class), "insertWhileAnalyzed");
            final JsonNode result = runner.result("insertWhileAnalyzed");
            assertThat(result.get("writesFindings")).isEmpty();
            assertThat(result.get("writes").get("server").get("autovacuumMeanwhile").asBoolean()).isTrue();
        }
        assertThat(runner.result("insertWhileAnalyzed").toString())
                .contains("autovacuum worked on the database meanwhile");
    }

    /** Records the benchmark, runs it unchanged three times, and returns the recorded writes: the gated figures never moved. */
    private static JsonNode recordAndRepeat(FixtureRunner runner, Class<?> fixture, String method) throws Exception {
        succeeded(runner.run(fixture), method);
        final JsonNode recorded = runner.result(method).get("writes");
        final Set<String> unchanged = new HashSet<>(Set.of(gated(recorded)));
        for (int run = 0; run < 3; run++) {
            succeeded(runner.run(fixture), method);
            final JsonNode result = runner.result(method);
            assertThat(result.get("writesFindings")).isEmpty();
            unchanged.add(gated(result.get("writes")));
        }
        assertThat(unchanged).hasSize(1);
        return recorded;
    }

    private static void succeeded(EngineExecutionResults results, String method) {
        final long failed = results.testEvents().failed().count();
        assertThat(failed).as(() -> method + " failed: " + DbBenchmarkExtensionTest.failureMessage(results)).isZero();
    }

    private static EngineExecutionResults changed(FixtureRunner runner, Class<?> fixture, String change) {
        System.setProperty(CHANGE_PROPERTY, change);
        try {
            return runner.run(fixture);
        } finally {
            System.clearProperty(CHANGE_PROPERTY);
        }
    }

    /** The figures the gate compares. */
    private static String gated(JsonNode writes) {
        return writes.get("walRecords") + " records, " + writes.get("walFullPageImages") + " images, "
                + writes.get("walBytes") + " bytes, " + writes.get("buffersDirtied") + " dirtied, "
                + writes.get("tempBlocksWritten") + " temp, " + writes.get("server").get("databaseRecords")
                + " on the database, " + writes.get("server").get("commitRecords") + " commits";
    }

    static boolean changedTo(String change) {
        return change.equals(System.getProperty(CHANGE_PROPERTY));
    }

    /** A table of events, with one more index when the test asks for it, empty before each sample. */
    abstract static class EventsTable {

        @BeforeAll
        static void create(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE events (id int PRIMARY KEY, payload text NOT NULL)");
                if (changedTo("index")) {
                    statement.execute("CREATE INDEX events_payload ON events (payload)");
                }
            }
        }

        @BeforeSample
        void empty(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("TRUNCATE events");
            }
        }
    }

    @Postgres
    static class InsertCase extends EventsTable {

        @DbBenchmark(warmups = 0, samples = 3, opsPerSample = 1)
        void insert(Connection db) throws SQLException {
            insertRows(db);
        }

        @DbBenchmark(warmups = 0, samples = 3, opsPerSample = 1)
        void insertInOneTransaction(Connection db) throws SQLException {
            db.setAutoCommit(changedTo("commit-each"));
            insertRows(db);
            if (!db.getAutoCommit()) {
                db.commit();
            }
            db.setAutoCommit(true);
        }

        private static void insertRows(Connection db) throws SQLException {
            try (PreparedStatement insert = db.prepareStatement("INSERT INTO events (id, payload) VALUES (?, ?)")) {
                for (int i = 0; i < ROWS; i++) {
                    insert.setInt(1, i);
                    insert.setString(2, "payload-" + i);
                    insert.executeUpdate();
                }
            }
        }
    }

    /**
     * A call that waits, in one statement, until autovacuum has analyzed the rows it inserted: autovacuum
     * looks every second and analyzes after any change while the class runs.
     */
    @Postgres
    static class AutovacuumCase {

        @BeforeAll
        static void create(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE readings (id serial PRIMARY KEY, value int NOT NULL) WITH"
                        + " (autovacuum_analyze_threshold = 0, autovacuum_analyze_scale_factor = 0)");
                statement.execute("ALTER SYSTEM SET autovacuum_naptime = '1s'");
                statement.execute("SELECT pg_reload_conf()");
            }
        }

        @AfterAll
        static void reset(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("ALTER SYSTEM RESET autovacuum_naptime");
                statement.execute("SELECT pg_reload_conf()");
            }
        }

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void insertWhileAnalyzed(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("SELECT set_config('dbbench_test.analyzed', autoanalyze_count::text, false)"
                        + " FROM pg_stat_user_tables WHERE relname = 'readings'");
                statement.execute("INSERT INTO readings (value) SELECT g FROM generate_series(1, 10) g");
                // Autovacuum sees the rows once the session has reported them, which it does when idle.
                statement.execute("SELECT pg_stat_force_next_flush()");
                statement.execute("DO $$ BEGIN FOR i IN 1..600 LOOP PERFORM pg_sleep(0.05);"
                        + " PERFORM pg_stat_clear_snapshot(); IF (SELECT autoanalyze_count FROM pg_stat_user_tables"
                        + " WHERE relname = 'readings') > current_setting('dbbench_test.analyzed')::bigint"
                        + " THEN RETURN; END IF; END LOOP;"
                        + " RAISE EXCEPTION 'autovacuum did not analyze readings within 30 s'; END $$");
            }
        }
    }

    @Postgres
    static class CopyCase extends EventsTable {

        @DbBenchmark(warmups = 0, samples = 3, opsPerSample = 1)
        void copy(Connection db) throws Exception {
            final StringBuilder rows = new StringBuilder();
            for (int i = 0; i < ROWS; i++) {
                rows.append(i).append("\tpayload-").append(i).append('\n');
            }
            db.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY events (id, payload) FROM STDIN",
                    new StringReader(rows.toString()));
        }
    }
}
