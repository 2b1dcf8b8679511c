package dev.dbbench.examples;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.DbFixture;
import dev.dbbench.api.NoSeqScan;
import dev.dbbench.api.Postgres;
import dev.dbbench.api.ProductionStatistics;
import dev.dbbench.api.UsesIndex;

/**
 * Plans under production's statistics: the CI table holds 300 orders, production two million, and
 * the plan gates judge the plan production's statistics produce. On 300 rows the planner reads the
 * table whole for a customer's orders, and {@code @UsesIndex} would fail a query that production
 * serves from the index; under {@code production-orders.sql} (exported by
 * {@link ProductionStatisticsExport} with the query of docs/production-statistics.md from a table of
 * production's size) it plans the index scan production runs. The open orders are the other way
 * round: production's statistics say they are few, so the partial index serves them.
 *
 * <p>PostgreSQL 18 loads statistics without the data ({@code pg_restore_relation_stats},
 * {@code pg_restore_attribute_stats}), hence the version.
 */
@Postgres(version = "18")
@ProductionStatistics("production-orders.sql")
class ProductionPlansBench {

    /** The schema production runs (its migrations), and a few rows of each kind. */
    @DbFixture
    static void orders(Connection db) throws SQLException {
        try (Statement statement = db.createStatement()) {
            statement.execute(ProductionStatisticsExport.SCHEMA);
            statement.execute("INSERT INTO orders (id, customer_id, status, total) SELECT g, g % 30,"
                    + " CASE WHEN g % 10 = 0 THEN 'open' ELSE 'shipped' END, g FROM generate_series(1, 300) g");
            statement.execute("ANALYZE orders");
        }
    }

    @DbBenchmark
    @UsesIndex("orders_customer")
    @NoSeqScan("orders")
    void ordersOfACustomer(Connection db) throws SQLException {
        try (PreparedStatement query = db.prepareStatement("SELECT id, total FROM orders WHERE customer_id = ?")) {
            query.setInt(1, 17);
            drain(query);
        }
    }

    @DbBenchmark
    @UsesIndex("orders_open")
    @NoSeqScan("orders")
    void openOrders(Connection db) throws SQLException {
        try (PreparedStatement query = db.prepareStatement(
                "SELECT id, customer_id FROM orders WHERE status = 'open' ORDER BY id LIMIT 20")) {
            drain(query);
        }
    }

    private static void drain(PreparedStatement query) throws SQLException {
        try (ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                rows.getLong(1);
            }
        }
    }
}
