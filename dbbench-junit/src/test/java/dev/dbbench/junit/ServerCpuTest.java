package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server CPU time of each sample on real embedded PostgreSQL: a query that keeps the backend
 * busy shows most of its wall time as server CPU, a body whose time goes to the client shows
 * almost none, which is the difference seed 000's authors had to find by hand.
 */
class ServerCpuTest {

    @TempDir
    Path temp;

    @Test
    void serverBoundQueryIsMostlyServerCpuAndClientBoundWorkIsNot() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");

        runner.run(SplitCase.class).testEvents().assertStatistics(stats -> stats.succeeded(2));

        final Map<String, JsonNode> results = new HashMap<>();
        new ObjectMapper().readTree(runner.reportDirectory().resolve("results.json").toFile()).get("results")
                .forEach(result -> results.put(result.get("method").asText(), result));
        assertThat(serverShare(results.get("serverBound"))).isGreaterThan(0.4).isLessThanOrEqualTo(1.05);
        assertThat(serverShare(results.get("clientBound"))).isLessThan(0.05);
        final JsonNode entry = new ObjectMapper().readTree(runner.baselineFile(SplitCase.class).toFile())
                .get("benchmarks").get("serverBound [postgres 17 embedded]");
        assertThat(entry.get("serverCpu")).hasSize(entry.get("time").get("samples").size());
    }

    private static double serverShare(JsonNode result) {
        return result.get("serverCpu").get("median").asDouble() / result.get("current").get("median").asDouble();
    }

    @Postgres
    static class SplitCase {

        @DbBenchmark(warmups = 1, samples = 7, opsPerSample = 1)
        void serverBound(Connection db) throws SQLException {
            PlanGatesTest.query(db, "SELECT sum(g)::text FROM generate_series(1, 400000) g");
        }

        @DbBenchmark(warmups = 1, samples = 7, opsPerSample = 1)
        void clientBound(Connection db) throws SQLException {
            PlanGatesTest.query(db, "SELECT 1::text");
            final long until = System.nanoTime() + 20_000_000;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }
    }
}
