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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A Spring Boot application's own work, benchmarked as its tests would be: a test class with
 * {@code @SpringBootTest} (or a slice) and {@code @Postgres} gets the application's HikariCP pool on
 * the class's database, whose schema Flyway migrated once per application context. Its repository
 * calls are counted, explained and counted under callgrind; two classes of one configuration share one
 * context, each with a database of its own; the test slices keep the pool. (An N+1 and a dropped index
 * failing on counts: dbbench-examples-spring's MemberPageRegressionTest and TopicPageRegressionTest, on
 * Spring Boot 4.)
 */
public class SpringApplicationTest {

    @TempDir
    Path temp;

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
