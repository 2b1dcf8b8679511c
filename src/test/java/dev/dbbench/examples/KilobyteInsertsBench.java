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
import dev.dbbench.workload.KilobyteDocuments;
import dev.dbbench.workload.KilobyteDocuments.Layout;
import org.junit.jupiter.api.BeforeAll;

/** Seed 001's inserts on PostgreSQL. */
@Postgres
class KilobyteInsertsBench {

    static final int INSERTS = 200;

    static final KilobyteDocuments DOCS = new KilobyteDocuments(1, 0);

    static final Layout LAYOUT = Layout.JSONB;

    @BeforeAll
    static void createTable(Connection db) throws SQLException {
        DOCS.createTable(db, LAYOUT);
        DOCS.createIndexes(db, LAYOUT);
    }

    @BeforeSample
    void emptyTable(Connection db) throws SQLException {
        try (Statement statement = db.createStatement()) {
            statement.execute("TRUNCATE " + LAYOUT.table());
        }
    }

    @DbBenchmark(opsPerSample = 1)
    @ExpectFasterThan(value = "insertOneByOne", by = 1.0)
    void insertBatched(Connection db) throws SQLException {
        try (PreparedStatement insert = db.prepareStatement(LAYOUT.insertSql())) {
            for (long id = 0; id < INSERTS; id++) {
                LAYOUT.bindInsert(insert, DOCS.document(id));
                insert.addBatch();
            }
            insert.executeBatch();
        }
        assertEquals(INSERTS, Rows.number(db, "SELECT count(*) FROM " + LAYOUT.table()));
    }

    @DbBenchmark(opsPerSample = 1)
    void insertOneByOne(Connection db) throws SQLException {
        try (PreparedStatement insert = db.prepareStatement(LAYOUT.insertSql())) {
            for (long id = 0; id < INSERTS; id++) {
                LAYOUT.bindInsert(insert, DOCS.document(id));
                insert.executeUpdate();
            }
        }
        assertEquals(INSERTS, Rows.number(db, "SELECT count(*) FROM " + LAYOUT.table()));
    }
}
