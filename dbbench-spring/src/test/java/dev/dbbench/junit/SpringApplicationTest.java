package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.stream.StreamSupport;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import dev.dbbench.junit.shop.JdbcSliceBench;
import dev.dbbench.junit.shop.JpaSliceBench;
import dev.dbbench.junit.shop.OrderTotals;
import dev.dbbench.junit.shop.ShopApplication;
import dev.dbbench.junit.shop.ShopData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A Spring Boot application's own work, benchmarked as its tests would be: a test class with
 * {@code @SpringBootTest} (or a slice) and {@code @Postgres} gets the application's HikariCP pool on
 * the class's database, whose schema Flyway migrated once per application context. Its repository
 * calls are counted, explained and counted under callgrind; an N+1 and a dropped index fail with the
 * time gate off; two classes of one configuration share one context, each with a database of its own.
 */
public class SpringApplicationTest {

    private static final String BATCH_FETCH = "spring.jpa.properties.hibernate.default_batch_fetch_size";
    private static final String FLYWAY_TARGET = "spring.flyway.target";

    @TempDir
    Path temp;

    @AfterEach
    void unchanged() {
        System.clearProperty(BATCH_FETCH);
        System.clearProperty(FLYWAY_TARGET);
    }

    @Test
    void theApplicationsOwnPoolIsCountedAndExplained() throws Exception {
        final FixtureRunner runner = runner();
        runner.run(OrdersBench.class).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));

        final JsonNode result = runner.result("totalOfACustomer");
        final JsonNode requests = result.get("traffic").get("requests");
        assertThat(requests.size()).as(requests.toString()).isEqualTo(2);
        assertThat(result.get("traffic").get("roundTrips").asLong()).isGreaterThanOrEqualTo(2);
        assertThat(result.get("traffic").has("unseen")).isFalse();
        assertThat(result.get("plans").toString()).contains("order_line_purchase_order");
    }

    @Test
    void theApplicationsWorkIsCountedUnderCallgrindThroughItsPool() throws Exception {
        Requirements.valgrind();
        final FixtureRunner runner = runner().with(ConfigKeys.COUNT_INSTRUCTIONS, "auto");
        runner.run(OrdersBench.class).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));

        final JsonNode statements = runner.result("totalOfACustomer").get("instructions").get("statements");
        assertThat(StreamSupport.stream(statements.spliterator(), false).mapToLong(JsonNode::asLong).sum())
                .isGreaterThan(50_000);
        assertThat(statements.toString()).contains("order_line");
    }

    @Test
    void anNPlusOneFailsNamingTheRepeatedStatement() {
        final FixtureRunner runner = runner();
        runner.run(OrdersBench.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        System.setProperty(BATCH_FETCH, "1");
        final EngineExecutionResults results = runner.run(OrdersBench.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("TRAFFIC REGRESSION in SpringApplicationTest$OrdersBench.totalOfACustomer")
                .containsPattern("from order_line \\w+ where \\w+\\.purchase_order_id=\\?\\s+executions per call 0 -> 5");
    }

    @Test
    void aDroppedIndexFailsNamingThePlan() {
        final FixtureRunner runner = runner();
        runner.run(OrdersBench.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        System.setProperty(FLYWAY_TARGET, "1");
        final EngineExecutionResults results = runner.run(OrdersBench.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("PLAN REGRESSION in SpringApplicationTest$OrdersBench.totalOfACustomer")
                .contains("from order_line")
                .contains("Seq Scan on order_line");
    }

    @Test
    void classesOfOneConfigurationShareOneContextEachWithADatabaseOfItsOwn() {
        final int before = ShopApplication.STARTS.get();

        runner().run(OrdersBench.class, OtherOrdersBench.class, OrdersTest.class).testEvents()
                .assertStatistics(stats -> stats.succeeded(3).failed(0));

        assertThat(ShopApplication.STARTS.get() - before).isEqualTo(1);
    }

    @Test
    void theTestSlicesKeepTheApplicationsPoolOnTheClasssDatabase() throws Exception {
        final FixtureRunner runner = runner();
        runner.run(JdbcSliceBench.class, JpaSliceBench.class).testEvents()
                .assertStatistics(stats -> stats.succeeded(2).failed(0));

        assertThat(runner.result("countOrders").get("traffic").get("requests").toString())
                .contains("SELECT count(*) FROM purchase_order WHERE customer_id = ?");
        assertThat(runner.result("ordersOfACustomer").get("traffic").get("requests").size()).isEqualTo(1);
    }

    private FixtureRunner runner() {
        return new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
    }

    @SpringBootTest(classes = ShopApplication.class)
    @Postgres
    static class OrdersBench extends ShopData {

        @Autowired
        OrderTotals totals;

        @Override
        protected int customers() {
            return 200;
        }

        @DbBenchmark(warmups = 3, samples = 10)
        void totalOfACustomer() {
            assertThat(totals.of("customer 7")).isPositive();
        }
    }

    @SpringBootTest(classes = ShopApplication.class)
    @Postgres
    static class OtherOrdersBench extends ShopData {

        @Autowired
        OrderTotals totals;

        @DbBenchmark(warmups = 3, samples = 10)
        void totalOfAnotherCustomer() {
            assertThat(jdbc.queryForObject("SELECT count(*) FROM customer", Long.class)).isEqualTo(20);
            assertThat(totals.of("customer 3")).isPositive();
        }
    }

    /** A plain test of the application, on a database of its own: the template's empty schema. */
    @SpringBootTest(classes = ShopApplication.class)
    @Postgres
    static class OrdersTest {

        @Autowired
        JdbcTemplate jdbc;

        @Test
        void startsOnAnEmptyCopyOfTheMigratedSchema() {
            assertThat(jdbc.queryForObject("SELECT count(*) FROM customer", Long.class)).isZero();
            assertThat(jdbc.queryForObject("SELECT count(*) FROM flyway_schema_history WHERE success", Long.class))
                    .isEqualTo(2);
        }
    }
}
