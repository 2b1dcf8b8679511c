package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

class DbBenchmarkExtensionTest {

    /** Set by a test to slow {@link DelayCase} down; read by the fixture in the same JVM. */
    static final String DELAY_PROPERTY = "dbbench.test.delay-seconds";

    @TempDir
    Path temp;

    @Test
    void recordsThenPassesUnchangedScenario() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);

        final EngineExecutionResults first = runner.run(DelayCase.class);
        first.testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
        assertThat(runner.baselineFile(DelayCase.class)).exists();
        assertThat(Files.readString(runner.baselineFile(DelayCase.class))).contains("\"lookup [postgres 17 embedded]\"");

        final EngineExecutionResults second = runner.run(DelayCase.class);
        second.testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
    }

    @Test
    void injectedDelayFailsWithMessageThatSaysHowToAccept() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        runner.run(DelayCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));
        final String recorded = Files.readString(runner.baselineFile(DelayCase.class));

        final EngineExecutionResults slowed;
        System.setProperty(DELAY_PROPERTY, "0.005");
        try {
            slowed = runner.run(DelayCase.class);
        } finally {
            System.clearProperty(DELAY_PROPERTY);
        }

        slowed.testEvents().assertStatistics(stats -> stats.failed(1));
        final String message = failureMessage(slowed);
        assertThat(message)
                .contains("REGRESSION in DbBenchmarkExtensionTest$DelayCase.lookup [postgres 17 embedded]")
                .contains("threshold +400%")
                .contains("median")
                .contains("p90")
                .contains(runner.baselineFile(DelayCase.class).toString())
                .contains("mvn dbbench:accept -Ddbbench.accept.benchmarks='DbBenchmarkExtensionTest$DelayCase#lookup'");
        assertThat(Files.readString(runner.baselineFile(DelayCase.class))).isEqualTo(recorded);
    }

    @Test
    void missingBaselineFailsUnderStrictPolicyAndWritesNothing() {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.BASELINE_MISSING, "fail");

        final EngineExecutionResults results = runner.run(DelayCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(failureMessage(results))
                .contains("has no baseline in " + runner.baselineFile(DelayCase.class))
                .contains("dbbench.baseline.missing=fail")
                .contains("record it    mvn dbbench:accept -Ddbbench.accept.benchmarks='DbBenchmarkExtensionTest$DelayCase#lookup'");
        assertThat(runner.baselineFile(DelayCase.class)).doesNotExist();
    }

    static String failureMessage(EngineExecutionResults results) {
        return results.testEvents().failed().stream()
                .map(event -> event.getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow().getMessage())
                .findFirst()
                .orElseThrow();
    }

    @Postgres
    static class DelayCase {

        @DbBenchmark(warmups = 2, samples = 9, opsPerSample = 3, thresholdPercent = 400)
        void lookup(Connection db) throws SQLException {
            final String delay = System.getProperty(DELAY_PROPERTY, "0");
            try (Statement statement = db.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT pg_sleep(" + Double.parseDouble(delay) + ")")) {
                rows.next();
            }
        }
    }
}
