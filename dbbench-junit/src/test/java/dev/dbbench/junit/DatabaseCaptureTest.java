package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.JdbcDatabase;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Counts that see the application's own work, on real embedded PostgreSQL: a body that takes no
 * parameter and works on a connection it got from the class's {@code DataSource} long before (as an
 * application's pool does) is counted, explained and counted under callgrind; validating that
 * connection is never counted; a changed literal is the same statement; work on a connection opened by
 * URL, and a call that sends nothing, are reported instead of passing as zeros.
 */
public class DatabaseCaptureTest {

    /** What the fixture's body does; each test sets what it changes. */
    static volatile boolean validate;
    static volatile int seriesEnd;
    static volatile boolean byUrl;
    static volatile boolean nested;

    /** The body's "pool": one connection from the class's data source, and one opened by URL. */
    static Connection pooled;
    static Connection opened;

    @TempDir
    Path temp;

    @BeforeEach
    void unchanged() {
        validate = false;
        seriesEnd = 2_000;
        byUrl = false;
        nested = false;
    }

    @Test
    void thePooledConnectionsStatementsAreCountedAndExplained() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
        runner.run(PooledCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        final JsonNode result = runner.result("lookup");
        final JsonNode traffic = result.get("traffic");
        assertThat(traffic.get("requests").get("SELECT name FROM items WHERE id = ?").asLong()).isEqualTo(3);
        assertThat(traffic.get("roundTrips").asLong()).isEqualTo(4);
        assertThat(traffic.has("unseen")).isFalse();
        assertThat(result.get("plans").toString())
                .contains("Index Scan").contains("items_pkey");
    }

    @Test
    void validatingThePooledConnectionIsNotCounted() throws Exception {
        // The validation's own objects are allocated on the sampling thread: this is about traffic.
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off")
                .with(ConfigKeys.TOLERANCE_ALLOCATIONS_PERCENT, "99");
        runner.run(PooledCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        validate = true;
        runner.run(PooledCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));

        assertThat(runner.result("lookup").get("trafficFindings")).isEmpty();
    }

    @Test
    void aChangedLiteralIsTheSameStatement() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
        runner.run(PooledCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        seriesEnd = 2_200;
        final EngineExecutionResults results = runner.run(PooledCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));
        final JsonNode traffic = runner.result("lookup");
        assertThat(traffic.get("trafficFindings")).isEmpty();
        assertThat(traffic.get("traffic").get("requests").has("SELECT count(*) FROM generate_series(1, 2200)")).isTrue();
    }

    @Test
    void workOnAConnectionOpenedByUrlIsReportedAsUnseen() throws Exception {
        byUrl = true;
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
        final EngineExecutionResults results = runner.run(PooledCase.class);

        final JsonNode traffic = runner.result("lookup");
        assertThat(traffic.get("traffic").get("unseen").asLong()).isEqualTo(1);
        assertThat(traffic.get("trafficFindings").get(0).get("detail").asText())
                .startsWith("1 statement(s) ran on the database during the call on connections dbbench does not see")
                .contains("dbbench-spring");
        expectFailureInCiOnly(results, "TRAFFIC NOT CAPTURED in DatabaseCaptureTest$PooledCase.lookup");
    }

    @Test
    void aCallThatSendsNothingSaysSo() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
        final EngineExecutionResults results = runner.run(NothingCase.class);

        final JsonNode findings = runner.result("nothing").get("trafficFindings");
        assertThat(findings.get(0).get("detail").asText()).startsWith("the call sent nothing to its database");
        expectFailureInCiOnly(results, "TRAFFIC NOT CAPTURED in DatabaseCaptureTest$NothingCase.nothing");
    }

    @Test
    void theInjectedConnectionsUrlIsThePlainOneOfTheDatabase() {
        new FixtureRunner(temp).run(UrlCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));
    }

    @Test
    void aCountedCallRoutesThePooledConnectionToTheCountingCopy() throws Exception {
        Requirements.valgrind();
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off")
                .with(ConfigKeys.COUNT_INSTRUCTIONS, "auto");
        runner.run(PooledCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        final JsonNode instructions = runner.result("lookup").get("instructions");
        assertThat(instructions.get("statements").get("SELECT name FROM items WHERE id = ?").asLong())
                .isGreaterThan(10_000);
        assertThat(instructions.get("statements").has("SELECT count(*) FROM generate_series(1, 2000)")).isTrue();
    }

    @Test
    void aSecondTransactionAtOnceIsNotCountedAndSaysWhy() throws Exception {
        Requirements.valgrind();
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off")
                .with(ConfigKeys.COUNT_INSTRUCTIONS, "auto");
        runner.run(NestedCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        nested = true;
        final EngineExecutionResults results = runner.run(NestedCase.class);

        final JsonNode instructions = FixtureRunner.metric(runner.result("twoConnections"), "instructions");
        assertThat(instructions.get("verdict").asText()).isEqualTo("NOT_MEASURED");
        assertThat(instructions.get("reason").asText()).contains("the body used a second connection while the"
                + " transaction of its first was open");
        expectFailureInCiOnly(results, "instructions NOT MEASURED for DatabaseCaptureTest$NestedCase.twoConnections");
    }

    /** Outside CI the work dbbench cannot see warns; in CI (where this suite runs with CI=true) it fails. */
    static void expectFailureInCiOnly(EngineExecutionResults results, String headline) {
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            results.testEvents().assertStatistics(stats -> stats.failed(1));
            assertThat(DbBenchmarkExtensionTest.failureMessage(results)).contains(headline);
        } else {
            results.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));
        }
    }

    @Postgres
    static class PooledCase {

        @BeforeAll
        static void open(DataSource application, JdbcDatabase database) throws SQLException {
            pooled = application.getConnection();
            opened = DriverManager.getConnection(database.jdbcUrl(), database.username(), database.password());
            try (Statement statement = pooled.createStatement()) {
                statement.execute("CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL)");
                statement.execute("INSERT INTO items SELECT g, 'item ' || g FROM generate_series(1, 1000) g");
                statement.execute("ANALYZE items");
            }
        }

        @AfterAll
        static void close() throws SQLException {
            pooled.close();
            opened.close();
        }

        @DbBenchmark(warmups = 2, samples = 5)
        void lookup() throws SQLException {
            if (validate) {
                pooled.isValid(1);
            }
            try (PreparedStatement query = pooled.prepareStatement("SELECT name FROM items WHERE id = ?")) {
                for (int id = 1; id <= 3; id++) {
                    query.setInt(1, id * 100);
                    try (ResultSet rows = query.executeQuery()) {
                        rows.next();
                    }
                }
            }
            try (Statement statement = (byUrl ? opened : pooled).createStatement();
                    ResultSet rows = statement.executeQuery("SELECT count(*) FROM generate_series(1, " + seriesEnd + ")")) {
                rows.next();
            }
        }
    }

    /**
     * A body that uses two connections of its data source: the second while the first has a transaction
     * open when {@code nested}, else after it; the same statements and connections either way.
     */
    @Postgres
    static class NestedCase {

        @DbBenchmark(warmups = 1, samples = 3)
        void twoConnections(DataSource application) throws SQLException {
            try (Connection outer = application.getConnection()) {
                outer.setAutoCommit(false);
                select(outer, 1);
                if (nested) {
                    selectOnAnother(application);
                }
                outer.commit();
            }
            if (!nested) {
                selectOnAnother(application);
            }
        }

        private static void selectOnAnother(DataSource application) throws SQLException {
            try (Connection inner = application.getConnection()) {
                select(inner, 2);
            }
        }

        private static void select(Connection connection, int value) throws SQLException {
            try (Statement statement = connection.createStatement()) {
                statement.execute("SELECT " + value);
            }
        }
    }

    @Postgres
    static class NothingCase {

        @DbBenchmark(warmups = 1, samples = 3)
        void nothing() {
            Thread.onSpinWait();
        }
    }

    @Postgres
    static class UrlCase {

        @Test
        void url(Connection connection, JdbcDatabase database) throws SQLException {
            assertThat(connection.getMetaData().getURL()).isEqualTo(database.jdbcUrl())
                    .startsWith("jdbc:postgresql://localhost:").endsWith("/" + database.databaseName())
                    .doesNotContain("socketFactory");
            try (Connection byUrl = DriverManager.getConnection(database.jdbcUrl(), database.username(),
                    database.password()); Statement statement = byUrl.createStatement();
                    ResultSet name = statement.executeQuery("SELECT current_database()")) {
                name.next();
                assertThat(name.getString(1)).isEqualTo(database.databaseName());
            }
        }
    }
}
