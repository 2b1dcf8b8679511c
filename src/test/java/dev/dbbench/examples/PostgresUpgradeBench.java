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
 * samples interleaved, and 17 must stay at least 0.9 times as fast as 15: not slower beyond the 10%
 * that two servers on one machine drift by. The two medians are close, so telling "not slower" at
 * this margin takes more samples than the default.
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

    @DbBenchmark(samples = 60, minSampleMillis = 40)
    @ExpectFasterThan(value = "[postgres 15]", by = 0.9)
    void countByBrandContainment(Connection db) throws SQLException {
        try (PreparedStatement query = db.prepareStatement(
                "SELECT count(*) FROM json_tables WHERE data @> '{\"brand\": \"ACME\"}'");
                ResultSet rows = query.executeQuery()) {
            rows.next();
            assertEquals(ProductCatalog.acmeCount(DOCUMENTS), rows.getLong(1));
        }
    }
}
