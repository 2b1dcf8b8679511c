package dev.dbbench.junit;

import static dev.dbbench.junit.DbBenchmarkExtensionTest.failureMessage;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.ExpectFasterThan;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Client threads end to end, on embedded PostgreSQL: each client has a
 * connection of its own, throughput and latency percentiles reach results.json and the baseline,
 * a slowed body fails on both figures, and expectations compare two benchmarks under one load.
 */
class ConcurrentClientsTest {

    /** The server backends that served the PostgreSQL clients' calls. */
    static final Set<Integer> BACKENDS = ConcurrentHashMap.newKeySet();
    /** Whether {@link SlowCase#lookup} sleeps in every call. */
    static final AtomicBoolean SLOW = new AtomicBoolean();

    @TempDir
    Path temp;

    @Test
    void fourPostgresClientsEachWithItsOwnConnectionReportThroughputAndP99() throws Exception {
        BACKENDS.clear();
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.BASELINE_MODE, "update")
                .with(ConfigKeys.BASELINE_RUNS, "2");

        runner.run(PostgresCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));

        assertThat(BACKENDS).hasSize(4);
        final JsonNode result = runner.result("lookup");
        assertThat(result.get("threads").asInt()).isEqualTo(4);
        assertThat(result.get("throughput").get("unit").asText()).isEqualTo("ops/s");
        assertThat(result.get("throughput").get("median").asDouble()).isPositive();
        assertThat(result.get("throughput").get("samples")).hasSize(6);
        assertThat(result.get("latency").get("p99").asDouble())
                .isGreaterThanOrEqualTo(result.get("latency").get("p50").asDouble());
        assertThat(result.get("latency").get("samples").get("p99.9")).hasSize(6);
        assertThat(result.get("metrics").findValuesAsText("id")).startsWith("time", "throughput", "latency");
        // Two recorded runs: the baseline keeps both for each timed figure, whose spread sets its fence.
        final JsonNode entry = runner.entry(PostgresCase.class, "lookup [postgres 17 embedded]");
        assertThat(entry.get("throughput").get("threads").asInt()).isEqualTo(4);
        assertThat(entry.get("throughput").get("unit").asText()).isEqualTo("ops/s");
        assertThat(entry.get("throughput").get("runs")).hasSize(2);
        assertThat(entry.get("throughput").get("samples")).hasSize(12);
        assertThat(entry.get("latency").get("p99").get("runs")).hasSize(2);
        assertThat(entry.get("latency").get("p50")).hasSize(12);
        // Allocations are not timed: as for a body alone, the entry keeps the first run's.
        assertThat(entry.get("allocations")).hasSize(6);
        // Work counts are per call, taken on one call: the traffic of one lookup.
        assertThat(entry.get("traffic").get("requests").toString()).contains("SELECT pg_backend_pid()");
    }

    @Test
    void aSlowedBodyFailsOnThroughputAndP99() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        SLOW.set(false);
        runner.run(SlowCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));
        final String recorded = Files.readString(runner.baselineFile(SlowCase.class));

        SLOW.set(true);
        final EngineExecutionResults slowed = runner.run(SlowCase.class);

        slowed.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(failureMessage(slowed))
                .contains("REGRESSION of throughput in ConcurrentClientsTest$SlowCase.lookup [postgres 17 embedded]"
                        + " with 3 client threads: ")
                .contains("REGRESSION of p99 in ConcurrentClientsTest$SlowCase.lookup [postgres 17 embedded]")
                .contains("why          judged on the clients' wall time per call, the inverse of throughput:"
                        + " confirmed by a re-run")
                .contains("p99.9")
                .contains("accept       mvn dbbench:accept -Ddbbench.accept.benchmarks=");
        final JsonNode result = runner.result("lookup");
        assertThat(result.get("throughputRatio").asDouble()).isLessThan(0.5);
        assertThat(result.get("p99Ratio").asDouble()).isGreaterThan(2);
        assertThat(Files.readString(runner.baselineFile(SlowCase.class))).isEqualTo(recorded);
    }

    @Test
    void anExpectationComparesTwoBenchmarksUnderTheSameClients() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);

        runner.run(ExpectationCase.class).testEvents().assertStatistics(stats -> stats.succeeded(2).failed(0));

        final JsonNode expectation = runner.result("selectOne").get("expectations").get(0);
        assertThat(expectation.get("other").asText()).isEqualTo("sleepTenMillis [postgres 17 embedded]");
        assertThat(expectation.get("verdict").asText()).isEqualTo("MET");
    }

    @Postgres
    static class PostgresCase {

        @DbBenchmark(threads = 4, warmups = 1, samples = 6, minSampleMillis = 20)
        void lookup(Connection db) throws SQLException {
            try (Statement statement = db.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT pg_backend_pid()")) {
                rows.next();
                BACKENDS.add(rows.getInt(1));
            }
        }
    }

    @Postgres
    static class SlowCase {

        // A threshold of 200%: each run starts its own server, whose speed differs from the last one's,
        // while a slowed call sleeps ten times as long as a fast one takes. The delay is a parameter, so
        // the statement, and with it the traffic gate, stays the same.
        @DbBenchmark(threads = 3, warmups = 1, samples = 8, opsPerSample = 10, thresholdPercent = 200)
        void lookup(Connection db) throws SQLException {
            try (PreparedStatement statement = db.prepareStatement("SELECT pg_sleep(?)")) {
                statement.setDouble(1, SLOW.get() ? 0.01 : 0);
                try (ResultSet rows = statement.executeQuery()) {
                    rows.next();
                }
            }
        }
    }

    @Postgres
    static class ExpectationCase {

        // Ten milliseconds of sleep against a trivial query: a contrast no load on a shared machine blurs.
        @DbBenchmark(threads = 2, warmups = 1, samples = 10, minSampleMillis = 50)
        @ExpectFasterThan(value = "sleepTenMillis", by = 2)
        void selectOne(Connection db) throws SQLException {
            PlanGatesTest.query(db, "SELECT 1::text");
        }

        @DbBenchmark(threads = 2, warmups = 1, samples = 10, minSampleMillis = 50)
        void sleepTenMillis(Connection db) throws SQLException {
            PlanGatesTest.query(db, "SELECT pg_sleep(0.01)::text");
        }
    }
}
