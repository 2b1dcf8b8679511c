package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.MaxStatements;
import dev.dbbench.api.Postgres;
import dev.dbbench.junit.shop.AsyncTotals;
import dev.dbbench.junit.shop.ShopApplication;
import dev.dbbench.junit.shop.ShopData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.client.TestRestTemplate;

/**
 * A Spring Boot application's work on threads other than the benchmark's, counted as the call's: an
 * endpoint called over HTTP in a {@code RANDOM_PORT} test (the web server's request threads run its
 * queries) and an {@code @Async} service (the task executor's). During the capture call only the body
 * runs, so every statement on the application's pool in that window is the call's.
 */
class SpringThreadsTest {

    @TempDir
    Path temp;

    private FixtureRunner runner() {
        return new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
    }

    @Test
    void anEndpointCalledOverHttpIsCountedOnTheServersThreads() throws Exception {
        final FixtureRunner runner = runner();
        runner.run(EndpointBench.class).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));

        final JsonNode traffic = runner.result("totalOverHttp").get("traffic");
        assertThat(traffic.get("requests").size()).as(traffic.toString()).isEqualTo(2);
        assertThat(traffic.has("unseen")).isFalse();
        assertThat(runner.result("totalOverHttp").get("plans").toString()).contains("order_line_purchase_order");
    }

    @Test
    void anNPlusOneBehindTheEndpointFails() {
        final EngineExecutionResults results = runner().run(UnbatchedEndpointBench.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("PLAN REGRESSION in SpringThreadsTest$UnbatchedEndpointBench.totalOverHttp")
                .contains("@MaxStatements(2): one call executed 6 statements");
    }

    @Test
    void asyncWorkOnTheTaskExecutorIsCounted() throws Exception {
        final FixtureRunner runner = runner();
        runner.run(AsyncBench.class).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));

        final JsonNode traffic = runner.result("totalOnTheExecutor").get("traffic");
        assertThat(traffic.get("requests").size()).as(traffic.toString()).isEqualTo(2);
        assertThat(traffic.has("unseen")).isFalse();
    }

    @SpringBootTest(classes = ShopApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
    @Postgres
    static class EndpointBench extends ShopData {

        @Autowired
        TestRestTemplate http;

        @DbBenchmark(warmups = 3, samples = 10)
        @MaxStatements(2)
        void totalOverHttp() {
            assertThat(http.getForObject("/customers/customer 7/total", Long.class)).isPositive();
        }
    }

    /** The same endpoint with the lines of each order fetched one order at a time: an N+1. */
    @SpringBootTest(classes = ShopApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = "spring.jpa.properties.hibernate.default_batch_fetch_size=1")
    @Postgres
    static class UnbatchedEndpointBench extends ShopData {

        @Autowired
        TestRestTemplate http;

        @DbBenchmark(warmups = 3, samples = 10)
        @MaxStatements(2)
        void totalOverHttp() {
            assertThat(http.getForObject("/customers/customer 7/total", Long.class)).isPositive();
        }
    }

    @SpringBootTest(classes = ShopApplication.class)
    @Postgres
    static class AsyncBench extends ShopData {

        @Autowired
        AsyncTotals totals;

        @DbBenchmark(warmups = 3, samples = 10)
        void totalOnTheExecutor() {
            assertThat(totals.of("customer 7").join()).isPositive();
        }
    }
}
