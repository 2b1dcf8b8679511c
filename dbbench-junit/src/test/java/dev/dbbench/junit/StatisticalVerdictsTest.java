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
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** The statistical verdicts end to end: noise is not failed, a confirmed regression is, an unconfirmed one warns. */
class StatisticalVerdictsTest {

    /** Calls of {@link SlowCase#query} still to be slowed down; set by each test. */
    static final AtomicInteger SLOW_CALLS = new AtomicInteger();

    @TempDir
    Path temp;

    @Test
    void noisyButUnchangedScenarioIsNeverFailed() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        runner.run(NoisyCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        for (int run = 0; run < 3; run++) {
            final EngineExecutionResults results = runner.run(NoisyCase.class);

            results.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));
            assertThat(result(runner).get("verdict").asText()).isIn("PASS", "INCONCLUSIVE");
        }
    }

    @Test
    void regressionConfirmedByTheRerunFailsAndShowsBothPasses() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        SLOW_CALLS.set(0);
        runner.run(SlowCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        SLOW_CALLS.set(Integer.MAX_VALUE);
        final EngineExecutionResults slowed = runner.run(SlowCase.class);

        slowed.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(failureMessage(slowed))
                .contains("REGRESSION in StatisticalVerdictsTest$SlowCase.query [postgres 17 embedded]")
                .contains("why          confirmed by a re-run: first median")
                .contains("first pass   median")
                .contains("p = ");
        assertThat(result(runner).get("rerun").asBoolean()).isTrue();
    }

    @Test
    void regressionTheRerunDoesNotRepeatIsAWarningNotAFailure() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        SLOW_CALLS.set(0);
        runner.run(SlowCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));
        final String recorded = Files.readString(runner.baselineFile(SlowCase.class));

        // Exactly the first pass is slow: 2 warm-ups and 8 samples of 10 calls each.
        SLOW_CALLS.set(100);
        final EngineExecutionResults results = runner.run(SlowCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));
        final JsonNode result = result(runner);
        assertThat(result.get("verdict").asText()).isEqualTo("INCONCLUSIVE");
        assertThat(result.get("warned").asBoolean()).isTrue();
        assertThat(result.get("reason").asText()).startsWith("regression not confirmed by a re-run");
        // The result reports the re-run it rests on (fast calls), not the slow first pass.
        assertThat(result.get("samples")).allSatisfy(nanos -> assertThat(nanos.asDouble()).isLessThan(5e6));
        // Neither pass went into the baseline.
        assertThat(Files.readString(runner.baselineFile(SlowCase.class))).isEqualTo(recorded);
    }

    @Test
    void timeGateOffNeverFailsAndNeverReruns() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        SLOW_CALLS.set(0);
        runner.run(SlowCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        SLOW_CALLS.set(Integer.MAX_VALUE);
        runner.with(ConfigKeys.GATE_TIME, "off").run(SlowCase.class)
                .testEvents().assertStatistics(stats -> stats.succeeded(1));

        final JsonNode result = result(runner);
        assertThat(result.get("verdict").asText()).isEqualTo("REGRESSION");
        assertThat(result.get("rerun").asBoolean()).isFalse();
        assertThat(result.get("failed").asBoolean()).isFalse();
    }

    private static JsonNode result(FixtureRunner runner) throws Exception {
        final JsonNode results = new ObjectMapper().readTree(runner.reportDirectory().resolve("results.json").toFile());
        return results.get("results").get(0);
    }

    @Postgres
    static class NoisyCase {

        private final SplittableRandom random = new SplittableRandom();

        /**
         * Sleeps 1 to 4 ms at random: a coefficient of variation near 40%, far noisier than real queries;
         * and asks the server something, as a benchmark does.
         */
        @DbBenchmark(warmups = 1, samples = 12, opsPerSample = 1)
        void noisy(Connection db) throws InterruptedException, SQLException {
            Thread.sleep(1 + random.nextInt(4));
            try (Statement statement = db.createStatement()) {
                statement.execute("SELECT 1");
            }
        }
    }

    @Postgres
    static class SlowCase {

        // Ten calls per sample, so a scheduler hiccup of a millisecond or two right after the slow
        // pass is averaged over the sample instead of being a sample. A threshold of 200%: each run
        // starts its own server, and a ~100 µs query on a new server instance was 1.5x the
        // previous one's in CI, while a slow call is a hundred times a fast one.
        // The delay is a parameter, so a slow call sends the same statement and only its timing
        // changes: the traffic gate, exact whatever the time gate says, has nothing to see.
        @DbBenchmark(warmups = 2, samples = 8, opsPerSample = 10, thresholdPercent = 200)
        void query(Connection db) throws SQLException {
            try (PreparedStatement statement = db.prepareStatement("SELECT pg_sleep(?)")) {
                statement.setDouble(1, SLOW_CALLS.getAndDecrement() > 0 ? 0.01 : 0);
                try (ResultSet rows = statement.executeQuery()) {
                    rows.next();
                }
            }
        }
    }
}
