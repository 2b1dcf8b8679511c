package dev.dbbench.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

import dev.dbbench.api.BeforeSample;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.ExpectFasterThan;
import dev.dbbench.api.Postgres;
import dev.dbbench.workload.SocialGraph;
import org.junit.jupiter.api.BeforeAll;

/** Seed 003's single writes on PostgreSQL. */
@Postgres(settings = {"fsync=on", "synchronous_commit=on"})
class SocialGraphWritesBench {

    static final SocialGraph GRAPH = new SocialGraph(3, 20_000);

    static final int WRITES = 50;

    @BeforeAll
    static void createTables(Connection db) throws SQLException {
        GRAPH.createTables(db);
        GRAPH.createIndexes(db);
    }

    @BeforeSample
    void emptyProfiles(Connection db) throws SQLException {
        try (Statement statement = db.createStatement()) {
            statement.execute("TRUNCATE " + SocialGraph.PROFILES_TABLE);
        }
    }

    @DbBenchmark(opsPerSample = 1)
    @ExpectFasterThan(value = "writeProfilesSynced", by = 1.0)
    void writeProfiles(Connection db) throws SQLException {
        write(db, false);
    }

    @DbBenchmark(opsPerSample = 1)
    void writeProfilesSynced(Connection db) throws SQLException {
        write(db, true);
    }

    private static void write(Connection db, boolean synced) throws SQLException {
        try (Statement statement = db.createStatement()) {
            statement.execute("SET synchronous_commit = " + (synced ? "on" : "off"));
        }
        try (PreparedStatement insert = db.prepareStatement(SocialGraph.INSERT_SQL)) {
            for (long id = 1; id <= WRITES; id++) {
                SocialGraph.bindProfile(insert, GRAPH.profile(id));
                insert.executeUpdate();
            }
        }
        assertEquals(WRITES, Rows.number(db, "SELECT count(*) FROM " + SocialGraph.PROFILES_TABLE));
    }
}
