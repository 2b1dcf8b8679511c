package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.BeforeSample;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.DbFixture;
import dev.dbbench.api.NoSeqScan;
import dev.dbbench.api.Postgres;
import dev.dbbench.api.ProductionStatistics;
import dev.dbbench.api.UsesIndex;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.postgres.EmbeddedPostgresServer;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderKind;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Plans under production statistics, on real embedded PostgreSQL: statistics exported with the
 * query of docs/production-statistics.md from a large table on PostgreSQL 17 turn the small CI
 * table's sequential scan into production's index scan on PostgreSQL 18, and the plan gates judge
 * that plan.
 */
class ProductionStatisticsTest {

    /** Where {@link #exportProductionStatistics()} writes the file the fixtures name (the module is the working directory). */
    static final String EXPORTED = "target/production-statistics/orders.sql";

    /** Where {@link #exportProductionStatistics()} writes the same statistics as pg_dump 18 writes them. */
    static final String PG_DUMPED = "target/production-statistics/orders-pg-dump.sql";

    @TempDir
    Path temp;

    /** The export query of the docs, run on a "production" database of 200,000 orders, written to {@link #EXPORTED}. */
    @BeforeAll
    static void exportProductionStatistics() throws Exception {
        final String doc = Files.readString(Path.of("..", "docs", "production-statistics.md"));
        final Matcher block = Pattern.compile("```sql\n(.*?)```", Pattern.DOTALL).matcher(doc);
        assertThat(block.find()).as("docs/production-statistics.md shows the export query").isTrue();
        final List<String> lines = new ArrayList<>();
        try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(new EngineTarget(EngineKind.POSTGRES, "17",
                new TreeMap<>(), ProviderKind.EMBEDDED, ""));
                ScratchDatabase production = server.createDatabase("production");
                Connection db = production.dataSource().orElseThrow().getConnection();
                Statement statement = db.createStatement()) {
            createOrders(statement);
            statement.execute("INSERT INTO orders SELECT g, (g * 7919) % 50000, g % 1000 FROM generate_series(1, 200000) g");
            statement.execute("VACUUM ANALYZE orders");
            try (ResultSet calls = statement.executeQuery(block.group(1))) {
                while (calls.next()) {
                    lines.add(calls.getString(1));
                }
            }
            Files.createDirectories(Path.of(EXPORTED).getParent());
            Files.writeString(Path.of(PG_DUMPED), PgDump18.statisticsOnly(statement, "public", "orders"));
        }
        Files.write(Path.of(EXPORTED), lines);
    }

    @Test
    void aStatisticsOnlyDumpInPgDump18sFormatLoadsAndGivesProductionsPlan() throws Exception {
        final String dump = Files.readString(Path.of(PG_DUMPED));
        assertThat(dump).startsWith("--\n-- PostgreSQL database dump\n--\n\n\\restrict ")
                .contains("SELECT pg_catalog.set_config('search_path', '', false);")
                .contains("SELECT * FROM pg_catalog.pg_restore_relation_stats(\n\t'version', '170006'::integer,\n")
                .contains("\t'reltuples', '200000'::real,\n").contains("\t'inherited', 'f'::boolean,\n");
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");

        final EngineExecutionResults results = runner.run(PgDumpCase.class);

        assertThat(failure(results, PgDumpCase.class)).isEmpty();
        assertThat(shape(runner, PgDumpCase.class)).contains("using orders_customer").doesNotContain("Seq Scan");
    }

    @Test
    void productionStatisticsTurnTheSmallTablesSeqScanIntoTheIndexScanThePlanGatesAsk() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");

        final EngineExecutionResults results = runner.run(CiCase.class, ProductionCase.class);

        assertThat(failure(results, CiCase.class))
                .contains("@UsesIndex(\"orders_customer\"): no statement's plan uses it")
                .contains("Seq Scan on orders");
        assertThat(failure(results, ProductionCase.class)).isEmpty();
        assertThat(shape(runner, CiCase.class)).isEqualTo("Seq Scan on orders");
        assertThat(shape(runner, ProductionCase.class)).contains("using orders_customer").doesNotContain("Seq Scan");
    }

    @Test
    void anIndexOnlyProductionUsesIsCaughtWhenDroppedOnlyUnderProductionStatistics() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
        runner.run(DropCase.class, DropProductionCase.class).testEvents()
                .assertStatistics(stats -> stats.succeeded(2).failed(0));

        final EngineExecutionResults dropped;
        System.setProperty(DROP_PROPERTY, "true");
        try {
            dropped = runner.run(DropCase.class, DropProductionCase.class);
        } finally {
            System.clearProperty(DROP_PROPERTY);
        }

        assertThat(shape(runner, DropCase.class)).isEqualTo("Seq Scan on orders");
        assertThat(failure(dropped, DropCase.class)).isEmpty();
        assertThat(failure(dropped, DropProductionCase.class)).contains("plan changed")
                .contains("using orders_customer").contains("≠ Seq Scan on orders");
        // The card leads with the cause: the node that changed, before any timing.
        ReportScreenshot.check(runner, temp, "plan-under-production-statistics",
                "<p class=\"cause fail\">Failed: plans: plan changed (Bitmap Heap Scan on orders became Seq Scan on"
                        + " orders) in SELECT id, total FROM orders WHERE customer_id = 42", "Plans captured under production statistics: file:" + EXPORTED
                        + " (public.orders 200000 rows)");
    }

    @Test
    void anOlderServerFailsNamingTheVersionNeeded() {
        final EngineExecutionResults results = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off")
                .run(OlderServerCase.class);

        assertThat(failure(results, OlderServerCase.class)).isEqualTo("@ProductionStatistics (file:" + EXPORTED
                + ") on OlderServerCase [postgres 17 embedded] needs PostgreSQL 18 or later,"
                + " whose pg_restore_relation_stats and pg_restore_attribute_stats load statistics, but the server is"
                + " 17.6: declare @Postgres(version = \"18\") on the class (or set dbbench.postgres.version=18)");
    }

    @Test
    void aMissingFileAMissingTableAndALaterAnalyzeEachFailSayingWhatToDo() {
        final EngineExecutionResults results = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off")
                .run(MissingFileCase.class, MissingTableCase.class, AnalyzeCase.class);

        assertThat(failure(results, MissingFileCase.class)).startsWith("@ProductionStatistics on MissingFileCase names"
                + " \"orders-from-nowhere.sql\", which is not on the class path as"
                + " dev/dbbench/junit/orders-from-nowhere.sql");
        assertThat(failure(results, MissingTableCase.class)).startsWith("production statistics for MissingTableCase"
                + " [postgres 18 embedded] name tables that are not in the class's database when they are loaded"
                + " (before the first sample): public.orders (file:" + EXPORTED + ").");
        assertThat(failure(results, AnalyzeCase.class)).startsWith("the production statistics of public.orders loaded"
                + " from file:" + EXPORTED + " for AnalyzeCase [postgres 18 embedded] were replaced before its plans"
                + " were captured: the table's row count is 200 now, 200000 as loaded.");
    }

    /** The plan shape of the class's benchmark in the last run's results.json, a line per node. */
    private static String shape(FixtureRunner runner, Class<?> fixture) throws Exception {
        for (JsonNode result : new ObjectMapper().readTree(runner.reportDirectory().resolve("results.json").toFile())
                .get("results")) {
            if (result.get("class").asText().equals(fixture.getName())) {
                final List<String> lines = new ArrayList<>();
                result.get("plans").get(0).get("shape").forEach(line -> lines.add(line.asText()));
                return String.join("\n", lines);
            }
        }
        throw new AssertionError("no result of " + fixture.getName());
    }

    /** The message the class's first failed test failed with; empty when none failed. */
    private static String failure(EngineExecutionResults results, Class<?> fixture) {
        return results.testEvents().failed().stream()
                .filter(event -> event.getTestDescriptor().getUniqueId().toString().contains(fixture.getName()))
                .map(event -> event.getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow()
                        .getMessage())
                .findFirst()
                .orElse("");
    }

    static void createOrders(Statement statement) throws SQLException {
        statement.execute("CREATE TABLE orders (id bigint PRIMARY KEY, customer_id int NOT NULL, total numeric(10, 2))");
        statement.execute("CREATE INDEX orders_customer ON orders (customer_id)");
    }

    /** The CI data set: 200 orders of 20 customers, analyzed. */
    static void ciOrders(Connection db) throws SQLException {
        try (Statement statement = db.createStatement()) {
            createOrders(statement);
            statement.execute("INSERT INTO orders SELECT g, g % 20, g FROM generate_series(1, 200) g");
            statement.execute("ANALYZE orders");
        }
    }

    static void ordersOf(Connection db, int customer) throws SQLException {
        try (Statement statement = db.createStatement();
                ResultSet rows = statement.executeQuery("SELECT id, total FROM orders WHERE customer_id = " + customer)) {
            while (rows.next()) {
                rows.getLong(1);
            }
        }
    }

    @Postgres(version = "18")
    static class CiCase {

        @DbFixture
        static void fill(Connection db) throws SQLException {
            ciOrders(db);
        }

        @DbBenchmark(warmups = 0, samples = 3, opsPerSample = 1)
        @UsesIndex("orders_customer")
        @NoSeqScan("orders")
        void byCustomer(Connection db) throws SQLException {
            ordersOf(db, 42);
        }
    }

    /** {@link CiCase}'s data and benchmark, under production's statistics. */
    @ProductionStatistics("file:" + EXPORTED)
    static class ProductionCase extends CiCase {
    }

    /** {@link CiCase}'s data and benchmark, under the statistics as pg_dump 18 writes them. */
    @ProductionStatistics("file:" + PG_DUMPED)
    static class PgDumpCase extends CiCase {
    }

    /** Set by a test to make {@link DropCase} load its table without the index production uses. */
    static final String DROP_PROPERTY = "dbbench.test.drop-customer-index";

    @Postgres(version = "18")
    static class DropCase {

        @DbFixture
        static void fill(Connection db) throws SQLException {
            ciOrders(db);
            if (Boolean.getBoolean(DROP_PROPERTY)) {
                try (Statement statement = db.createStatement()) {
                    statement.execute("DROP INDEX orders_customer");
                }
            }
        }

        @DbBenchmark(warmups = 0, samples = 3, opsPerSample = 1)
        void byCustomer(Connection db) throws SQLException {
            ordersOf(db, 42);
        }
    }

    /** {@link DropCase} under production's statistics. */
    @ProductionStatistics("file:" + EXPORTED)
    static class DropProductionCase extends DropCase {
    }

    @Postgres(version = "17")
    @ProductionStatistics("file:" + EXPORTED)
    static class OlderServerCase {

        @DbFixture
        static void fill(Connection db) throws SQLException {
            ciOrders(db);
        }

        @DbBenchmark(warmups = 0, samples = 1, opsPerSample = 1)
        void byCustomer(Connection db) throws SQLException {
            ordersOf(db, 42);
        }
    }

    @Postgres(version = "18")
    @ProductionStatistics("orders-from-nowhere.sql")
    static class MissingFileCase {

        @DbBenchmark(warmups = 0, samples = 1, opsPerSample = 1)
        void byCustomer(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("SELECT 1");
            }
        }
    }

    /** A database without the tables of the file. */
    @ProductionStatistics("file:" + EXPORTED)
    static class MissingTableCase extends MissingFileCase {
    }

    @Postgres(version = "18")
    @ProductionStatistics("file:" + EXPORTED)
    static class AnalyzeCase {

        @DbFixture
        static void fill(Connection db) throws SQLException {
            ciOrders(db);
        }

        @BeforeSample
        void refresh(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("ANALYZE orders");
            }
        }

        @DbBenchmark(warmups = 0, samples = 1, opsPerSample = 1)
        void byCustomer(Connection db) throws SQLException {
            ordersOf(db, 42);
        }
    }
}
