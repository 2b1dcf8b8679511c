package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.apache.commons.dbcp2.BasicDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Any pool, any thread: an application's own pool (Apache DBCP2 here) or plain {@code DriverManager}
 * code opened from dbbench's driver URL gets the class's database, and its work is captured as that of
 * dbbench's own connections, whichever thread does it: statements, round trips and plans, nothing
 * unseen, and an N+1 on an executor's thread fails naming the statement.
 */
class AnyPoolTest {

    /** Whether {@link PoolCase#namesOnAnotherThread} reads each item by its id. */
    static volatile boolean onePerItem;

    @TempDir
    Path temp;

    @BeforeEach
    void unchanged() {
        onePerItem = false;
    }

    private FixtureRunner runner() {
        return new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
    }

    @Test
    void aPoolOpenedFromTheDriverUrlIsCapturedOnEveryThread() throws Exception {
        final FixtureRunner runner = runner();
        runner.run(PoolCase.class).testEvents().assertStatistics(stats -> stats.succeeded(3).failed(0));

        final JsonNode pooled = runner.result("lookupThroughThePool");
        assertThat(pooled.get("traffic").get("requests").fieldNames()).toIterable()
                .containsExactly("SELECT name FROM items WHERE id = ?");
        assertThat(pooled.get("traffic").has("unseen")).isFalse();
        assertThat(pooled.get("plans").toString()).contains("items_pkey");

        final JsonNode byUrl = runner.result("lookupThroughDriverManager");
        assertThat(byUrl.get("traffic").get("requests").fieldNames()).toIterable()
                .containsExactly("SELECT name FROM items WHERE id = ?");
        assertThat(byUrl.get("traffic").has("unseen")).isFalse();

        final JsonNode threaded = runner.result("namesOnAnotherThread");
        assertThat(threaded.get("traffic").get("requests").fieldNames()).toIterable()
                .containsExactly("SELECT id, name FROM items WHERE id <= ?");
        assertThat(threaded.get("traffic").get("roundTrips").asLong()).isPositive();
        assertThat(threaded.get("traffic").has("unseen")).isFalse();
    }

    @Test
    void anNPlusOneOnAnExecutorsThreadFailsNamingTheStatement() {
        final FixtureRunner runner = runner();
        runner.run(PoolCase.class).testEvents().assertStatistics(stats -> stats.succeeded(3));

        onePerItem = true;
        final EngineExecutionResults results = runner.run(PoolCase.class, "namesOnAnotherThread");

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("TRAFFIC REGRESSION in AnyPoolTest$PoolCase.namesOnAnotherThread")
                .contains("SELECT name FROM items WHERE id = ?")
                .contains("executions per call 0 -> 20");
    }

    @Test
    void thePoolsWorkIsCountedUnderCallgrindOnAnyThread() throws Exception {
        Requirements.valgrind();
        final FixtureRunner runner = runner().with(ConfigKeys.COUNT_INSTRUCTIONS, "auto");
        runner.run(PoolCase.class, "namesOnAnotherThread").testEvents().assertStatistics(stats -> stats.succeeded(1));

        final JsonNode instructions = runner.result("namesOnAnotherThread").get("instructions");
        assertThat(instructions.get("statements").get("SELECT id, name FROM items WHERE id <= ?").asLong())
                .isGreaterThan(10_000);
    }

    @Test
    void theDriverUrlOutsideARunningClassSaysWhatItNames() {
        final EngineExecutionResults results = new FixtureRunner(temp).run(NoClassCase.class);

        assertThat(FixtureRunner.firstFailure(results)).contains("jdbc:dbbench:postgresql names the database of the"
                + " test class running now");
    }

    @Postgres
    static class PoolCase {

        static BasicDataSource pool;

        @BeforeAll
        static void load() throws SQLException {
            pool = new BasicDataSource();
            pool.setUrl(DbBenchDriver.URL);
            pool.setInitialSize(2);
            try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL)");
                statement.execute("INSERT INTO items SELECT g, 'item ' || g FROM generate_series(1, 1000) g");
                statement.execute("ANALYZE items");
            }
        }

        @AfterAll
        static void close() throws SQLException {
            pool.close();
        }

        @DbBenchmark(warmups = 2, samples = 5)
        void lookupThroughThePool() throws SQLException {
            try (Connection connection = pool.getConnection()) {
                name(connection, 7);
            }
        }

        @DbBenchmark(warmups = 2, samples = 5)
        void lookupThroughDriverManager() throws SQLException {
            try (Connection connection = DriverManager.getConnection(DbBenchDriver.URL)) {
                name(connection, 7);
            }
        }

        @DbBenchmark(warmups = 2, samples = 5)
        void namesOnAnotherThread() {
            CompletableFuture.runAsync(() -> {
                try (Connection connection = pool.getConnection();
                        PreparedStatement query = connection.prepareStatement(
                                "SELECT id, name FROM items WHERE id <= ?")) {
                    query.setInt(1, 20);
                    try (ResultSet rows = query.executeQuery()) {
                        while (rows.next()) {
                            if (onePerItem) {
                                name(connection, rows.getInt(1));
                            }
                        }
                    }
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            }).join();
        }

        private static String name(Connection connection, int id) throws SQLException {
            try (PreparedStatement query = connection.prepareStatement("SELECT name FROM items WHERE id = ?")) {
                query.setInt(1, id);
                try (ResultSet rows = query.executeQuery()) {
                    rows.next();
                    return rows.getString(1);
                }
            }
        }
    }

    static class NoClassCase {

        @Test
        void connectsWithoutAClass() throws SQLException {
            DriverManager.getConnection(DbBenchDriver.URL).close();
        }
    }
}
