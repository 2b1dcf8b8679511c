package dev.dbbench.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

import dev.dbbench.api.BeforeSample;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.ExpectFasterThan;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.BeforeAll;
import org.postgresql.PGConnection;

/**
 * Seed 000's loading lessons: {@code COPY} beats row-by-row {@code INSERT}, and one transaction for
 * all rows beats a commit per row — the seed's "PG cheated" remark, since MongoDB acknowledged every
 * insert. Durability is switched on so a commit costs what it costs in production; the embedded
 * server's default (fsync off) would hide exactly what this class measures.
 *
 * <p>The absolute gate is loose on purpose: with a flush to disk in every sample, the medians of
 * the commit-each benchmark on one shared runner were 126 ms (08:45), 56.8 ms (12:13) and 115 ms
 * (12:18, confirmed on re-run) on 2026-12-03. Disk latency moves that much between runs, and the
 * ruler (CPU) cannot correct it; what this class asserts is the side-by-side expectations, which
 * share the disk's mood sample by sample. A threshold of 150% still fails a 2.5x slowdown.
 */
@Postgres(settings = {"fsync=on", "synchronous_commit=on"})
class InsertStrategiesBench {

    static final int ROWS = 200;
    static final int DURABLE_THRESHOLD_PERCENT = 150;

    @BeforeAll
    static void createTable(Connection db) throws SQLException {
        try (Statement statement = db.createStatement()) {
            statement.execute("CREATE TABLE events (id int PRIMARY KEY, kind text NOT NULL, payload text NOT NULL)");
        }
    }

    /** Each sample starts from an empty table, untimed. */
    @BeforeSample
    void emptyTable(Connection db) throws SQLException {
        db.setAutoCommit(true);
        try (Statement statement = db.createStatement()) {
            statement.execute("TRUNCATE events");
        }
    }

    @DbBenchmark(opsPerSample = 1, thresholdPercent = DURABLE_THRESHOLD_PERCENT)
    @ExpectFasterThan(value = "insertRowByRowInOneTransaction", by = 2.0)
    void copyInOneStatement(Connection db) throws Exception {
        final StringBuilder rows = new StringBuilder();
        for (int i = 0; i < ROWS; i++) {
            rows.append(i).append("\tclick\tpayload-").append(i).append('\n');
        }
        db.unwrap(PGConnection.class).getCopyAPI()
                .copyIn("COPY events (id, kind, payload) FROM STDIN", new StringReader(rows.toString()));
        assertEquals(ROWS, Rows.number(db, "SELECT count(*) FROM events"));
    }

    @DbBenchmark(opsPerSample = 1, thresholdPercent = DURABLE_THRESHOLD_PERCENT)
    @ExpectFasterThan(value = "insertRowByRowWithACommitEach", by = 2.0)
    void insertRowByRowInOneTransaction(Connection db) throws SQLException {
        db.setAutoCommit(false);
        insertRows(db);
        db.commit();
        db.setAutoCommit(true);
        assertEquals(ROWS, Rows.number(db, "SELECT count(*) FROM events"));
    }

    @DbBenchmark(opsPerSample = 1, thresholdPercent = DURABLE_THRESHOLD_PERCENT)
    void insertRowByRowWithACommitEach(Connection db) throws SQLException {
        insertRows(db);
        assertEquals(ROWS, Rows.number(db, "SELECT count(*) FROM events"));
    }

    private static void insertRows(Connection db) throws SQLException {
        try (PreparedStatement insert = db.prepareStatement("INSERT INTO events (id, kind, payload) VALUES (?, ?, ?)")) {
            for (int i = 0; i < ROWS; i++) {
                insert.setInt(1, i);
                insert.setString(2, "click");
                insert.setString(3, "payload-" + i);
                insert.executeUpdate();
            }
        }
    }

}
