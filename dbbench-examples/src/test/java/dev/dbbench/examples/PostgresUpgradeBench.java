package dev.dbbench.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.DbFixture;
import dev.dbbench.api.ExpectFasterThan;
import dev.dbbench.api.Postgres;
import dev.dbbench.workload.ProductCatalog;

/**
 * Does upgrading PostgreSQL 15 to 17 slow this query down? Both versions run in the same test run,
 * samples interleaved, and 17 must stay at least 0.8 times as fast as 15. The two are within a few
 * percent of each other here, but two servers on one 2-core machine drift apart by up to 20% within
 * a run (ten runs of 60 samples gave lower interval bounds from 0.79x to 1.00x), so a tighter
 * factor would be decided by the machine, not by PostgreSQL.
 */
@Postgres(version = "15")
@Postgres(version = "17")
class PostgresUpgradeBench {

    static final int DOCUMENTS = 11_000;

    /** Runs once for each of the two databases; a {@code @BeforeAll} could not know which one it gets. */
    @DbFixture
    static void loadCatalog(Connection db) throws SQLException {
        ProductCatalog.createIndexedTable(db, "json_tables", DOCUMENTS);
    }

    @DbBenchmark(samples = 100, minSampleMillis = 40)
    @ExpectFasterThan(value = "[postgres 15]", by = 0.8)
    void countByBrandContainment(Connection db) throws SQLException {
        try (PreparedStatement query = db.prepareStatement(
                "SELECT count(*) FROM json_tables WHERE data @> '{\"brand\": \"ACME\"}'");
                ResultSet rows = query.executeQuery()) {
            rows.next();
            assertEquals(ProductCatalog.acmeCount(DOCUMENTS), rows.getLong(1));
        }
    }
}
