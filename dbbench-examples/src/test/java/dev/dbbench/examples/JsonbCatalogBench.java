package dev.dbbench.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.SQLException;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.ExpectFasterThan;
import dev.dbbench.api.MaxStatements;
import dev.dbbench.api.NoSeqScan;
import dev.dbbench.api.Postgres;
import dev.dbbench.api.UsesIndex;
import dev.dbbench.workload.ProductCatalog;
import org.junit.jupiter.api.BeforeAll;

/**
 * Seed 000, pg_nosql_benchmark's product catalog: one jsonb column with a GIN index, queried by brand
 * two ways. {@code data @> '{"brand":"ACME"}'} can use the GIN index; {@code data->>'brand' = 'ACME'}
 * cannot and scans the table, which is the plan regression the seed's author found hidden in a timing.
 * {@code @UsesIndex} states it exactly; putting it on an arrow query fails on the first run.
 */
@Postgres
class JsonbCatalogBench {

    /** 2,000 ACME documents among 22,000: large enough that the scan shows, small enough for every build. */
    static final int DOCUMENTS = 22_000;

    @BeforeAll
    static void loadCatalog(Connection db) throws SQLException {
        ProductCatalog.createIndexedTable(db, "json_tables", DOCUMENTS);
    }

    @DbBenchmark
    @ExpectFasterThan(value = "findByBrandArrow", by = 1.5)
    @UsesIndex("json_tables_idx")
    @MaxStatements(1)
    void findByBrandContainment(Connection db) throws SQLException {
        assertEquals(ProductCatalog.acmeCount(DOCUMENTS),
                Rows.readAll(db, "SELECT data FROM json_tables WHERE data @> '{\"brand\": \"ACME\"}'"));
    }

    @DbBenchmark
    void findByBrandArrow(Connection db) throws SQLException {
        assertEquals(ProductCatalog.acmeCount(DOCUMENTS),
                Rows.readAll(db, "SELECT data FROM json_tables WHERE data->>'brand' = 'ACME'"));
    }

    /**
     * Counting instead of fetching: the seed's lesson that client-side row handling can hide the
     * server's work. Without the rows to ship, the index's advantage shows in full: 4.9x to 6.2x
     * here, at 22,000 and at 55,000 documents alike (the seed saw 10x on its machine). The factor
     * asked for stays below what is measured, so the expectation fails when the index stops
     * helping, not when the machine has a slow minute.
     */
    @DbBenchmark(samples = 40)
    @ExpectFasterThan(value = "countByBrandArrow", by = 4.0)
    @UsesIndex("json_tables_idx")
    @NoSeqScan("json_tables")
    void countByBrandContainment(Connection db) throws SQLException {
        assertEquals(ProductCatalog.acmeCount(DOCUMENTS),
                Rows.number(db, "SELECT count(*) FROM json_tables WHERE data @> '{\"brand\": \"ACME\"}'"));
    }

    @DbBenchmark
    void countByBrandArrow(Connection db) throws SQLException {
        assertEquals(ProductCatalog.acmeCount(DOCUMENTS),
                Rows.number(db, "SELECT count(*) FROM json_tables WHERE data->>'brand' = 'ACME'"));
    }

    /** No match: the seed's way of timing server work without the cost of shipping rows to the client. */
    @DbBenchmark
    void findMissingBrandContainment(Connection db) throws SQLException {
        assertEquals(0,
                Rows.readAll(db, "SELECT data FROM json_tables WHERE data @> '{\"brand\": \"NO SUCH BRAND\"}'"));
    }
}
