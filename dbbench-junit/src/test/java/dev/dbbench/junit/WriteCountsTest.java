package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** What a call writes (WAL, buffers, temp files), counted and gated, on real embedded PostgreSQL. */
class WriteCountsTest {

    /** Set by a test to give {@link InsertCase}'s table one more index. */
    static final String EXTRA_INDEX_PROPERTY = "dbbench.test.extra-index";

    @TempDir
    Path temp;

    @Test
    void anAddedIndexFailsOnTheWalItWritesWhileUnchangedRunsCountTheSame() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
        runner.run(InsertCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));
        final JsonNode recorded = runner.result("insert").get("writes");
        assertThat(recorded.get("walRecords").asLong()).isGreaterThanOrEqualTo(2 * InsertCase.ROWS);
        assertThat(recorded.get("serverWalBytes").asLong()).isGreaterThan(recorded.get("walBytes").asLong());

        final Set<String> unchanged = new HashSet<>(Set.of(gated(recorded)));
        for (int run = 0; run < 3; run++) {
            runner.run(InsertCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));
            final JsonNode result = runner.result("insert");
            assertThat(result.get("writesFindings")).isEmpty();
            unchanged.add(gated(result.get("writes")));
        }
        assertThat(unchanged).hasSize(1);

        final EngineExecutionResults indexed;
        System.setProperty(EXTRA_INDEX_PROPERTY, "true");
        try {
            indexed = runner.run(InsertCase.class);
        } finally {
            System.clearProperty(EXTRA_INDEX_PROPERTY);
        }
        indexed.testEvents().assertStatistics(stats -> stats.failed(1));
        final long records = recorded.get("walRecords").asLong();
        assertThat(DbBenchmarkExtensionTest.failureMessage(indexed))
                .contains("dbbench: WRITES REGRESSION in WriteCountsTest$InsertCase.insert [postgres 17 embedded]")
                // An index entry per row, and the root page the emptied index gets on its first entry.
                .contains("WAL records per call " + records + " -> " + (records + InsertCase.ROWS + 1));
    }

    /** The figures the gate compares. */
    private static String gated(JsonNode writes) {
        return writes.get("walRecords") + " records, " + writes.get("walFullPageImages") + " images, "
                + writes.get("walBytes") + " bytes, " + writes.get("buffersDirtied") + " dirtied, "
                + writes.get("tempBlocksWritten") + " temp";
    }

    @Postgres
    static class InsertCase {

        static final int ROWS = 100;

        @BeforeAll
        static void create(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE events (id int PRIMARY KEY, payload text NOT NULL)");
                if (Boolean.getBoolean(EXTRA_INDEX_PROPERTY)) {
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

        @DbBenchmark(warmups = 0, samples = 3, opsPerSample = 1)
        void insert(Connection db) throws SQLException {
            try (PreparedStatement insert = db.prepareStatement("INSERT INTO events (id, payload) VALUES (?, ?)")) {
                for (int i = 0; i < ROWS; i++) {
                    insert.setInt(1, i);
                    insert.setString(2, "payload-" + i);
                    insert.executeUpdate();
                }
            }
        }
    }
}
