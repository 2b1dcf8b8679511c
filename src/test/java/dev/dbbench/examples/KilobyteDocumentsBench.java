package dev.dbbench.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.ExpectFasterThan;
import dev.dbbench.api.Postgres;
import dev.dbbench.api.UsesIndex;
import dev.dbbench.workload.KilobyteDocuments;
import dev.dbbench.workload.KilobyteDocuments.Layout;
import org.junit.jupiter.api.BeforeAll;

/**
 * Seed 001's queries on PostgreSQL. */
@Postgres
class KilobyteDocumentsBench {

    static final int DOCUMENTS = 20_000;

    static final int QUERIES_PER_CALL = 10;

    static final KilobyteDocuments DOCS = new KilobyteDocuments(1, DOCUMENTS);

    @BeforeAll
    static void load(Connection db) throws SQLException {
        for (Layout layout : Layout.values()) {
            DOCS.createIndexedTable(db, layout);
        }
    }

    @DbBenchmark
    @ExpectFasterThan(value = "sortedPageJsonb", by = 1.0)
    @ExpectFasterThan(value = "unfilteredJsonb", by = 1.0)
    void byNumberJsonb(Connection db) throws SQLException {
        byNumber(db, Layout.JSONB);
    }

    @DbBenchmark
    @ExpectFasterThan(value = "byNumberJsonb", by = 1.0)
    void byNumbersJsonb(Connection db) throws SQLException {
        byNumbers(db, Layout.JSONB);
    }

    @DbBenchmark
    void sortedPageJsonb(Connection db) throws SQLException {
        sortedPage(db, Layout.JSONB);
    }

    @DbBenchmark
    void unfilteredJsonb(Connection db) throws SQLException {
        unfiltered(db, Layout.JSONB);
    }

    @DbBenchmark
    @ExpectFasterThan(value = "sortedPageColumns", by = 1.0)
    @ExpectFasterThan(value = "unfilteredColumns", by = 1.0)
    @ExpectFasterThan(value = "byNumberJsonb", by = 1.0)
    void byNumberColumns(Connection db) throws SQLException {
        byNumber(db, Layout.COLUMNS);
    }

    @DbBenchmark
    @ExpectFasterThan(value = "byNumberColumns", by = 1.0)
    void byNumbersColumns(Connection db) throws SQLException {
        byNumbers(db, Layout.COLUMNS);
    }

    @DbBenchmark
    @ExpectFasterThan(value = "sortedPageJsonb", by = 1.0)
    void sortedPageColumns(Connection db) throws SQLException {
        sortedPage(db, Layout.COLUMNS);
    }

    @DbBenchmark
    void unfilteredColumns(Connection db) throws SQLException {
        unfiltered(db, Layout.COLUMNS);
    }

    private static void byNumber(Connection db, Layout layout) throws SQLException {
        long rows = 0;
        try (PreparedStatement query = db.prepareStatement(layout.byNumberSql())) {
            for (int i = 0; i < QUERIES_PER_CALL; i++) {
                query.setInt(1, DOCS.sampleNumber(i));
                rows += Rows.readAll(query);
            }
        }
        assertEquals(QUERIES_PER_CALL * KilobyteDocuments.DOCS_PER_NUMBER, rows);
    }

    private static void byNumbers(Connection db, Layout layout) throws SQLException {
        long rows = 0;
        try (PreparedStatement query = db.prepareStatement(layout.byNumbersSql())) {
            for (int i = 0; i < QUERIES_PER_CALL; i++) {
                final int number = DOCS.sampleNumber(i);
                query.setInt(1, number);
                query.setInt(2, KilobyteDocuments.number1ForNumber(number));
                rows += Rows.readAll(query);
            }
        }
        assertEquals(QUERIES_PER_CALL * KilobyteDocuments.DOCS_PER_NUMBER, rows);
    }

    private static void sortedPage(Connection db, Layout layout) throws SQLException {
        long rows = 0;
        try (PreparedStatement query = db.prepareStatement(layout.sortedPageSql())) {
            for (int i = 0; i < QUERIES_PER_CALL; i++) {
                query.setInt(1, DOCS.sampleNumber1(i));
                rows += Rows.readAll(query);
            }
        }
        assertEquals(QUERIES_PER_CALL * KilobyteDocuments.PAGE_LIMIT, rows);
    }

    private static void unfiltered(Connection db, Layout layout) throws SQLException {
        long rows = 0;
        try (PreparedStatement query = db.prepareStatement(layout.unfilteredSql())) {
            for (int i = 0; i < QUERIES_PER_CALL; i++) {
                rows += Rows.readAll(query);
            }
        }
        assertEquals(QUERIES_PER_CALL * KilobyteDocuments.UNFILTERED_LIMIT, rows);
    }
}
