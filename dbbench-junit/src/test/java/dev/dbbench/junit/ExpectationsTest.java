package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.DbFixture;
import dev.dbbench.api.ExpectFasterThan;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** @ExpectFasterThan end to end: met, missed, and every misconfiguration caught before measuring. */
class ExpectationsTest {

    @TempDir
    Path temp;

    @Test
    void expectationThatHoldsPasses() {
        final EngineExecutionResults results = new FixtureRunner(temp).run(HoldsCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(2).failed(0));
    }

    @Test
    void reversedExpectationFailsNamingBothSidesAndTheSpeedUp() {
        final EngineExecutionResults results = new FixtureRunner(temp).run(ReversedCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1).succeeded(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("ExpectationsTest$ReversedCase.slow [postgres 17 embedded] should be at least 2.00x faster"
                        + " than fast [postgres 17 embedded]: MISSED")
                .contains("why          missed twice: first ")
                .contains("this side")
                .contains("other side")
                .contains("needs 2.00x")
                .contains("samples interleaved in one run");
    }

    @Test
    void fixtureFillsEachDatabaseOfAClassOnSeveralTargets() {
        final EngineExecutionResults results = new FixtureRunner(temp).run(VersionsCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(2).failed(0));
    }

    @Test
    void misconfigurationsAreNamedBeforeAnythingIsMeasured() {
        final EngineExecutionResults results = new FixtureRunner(temp).run(MisconfiguredCase.class);

        assertThat(containerFailures(results)).containsExactlyInAnyOrder(
                "@ExpectFasterThan(\"nosuch\") on MisconfiguredCase.unknownTarget() names nosuch, which is not a method"
                        + " of MisconfiguredCase; its @DbBenchmark methods are [a, b, badFactor, notABenchmark,"
                        + " onMissingEngine, self, unknownTarget]",
                "@ExpectFasterThan(\"helper\") on MisconfiguredCase.notABenchmark() names helper(), which is not a"
                        + " @DbBenchmark; its @DbBenchmark methods are [a, b, badFactor, notABenchmark,"
                        + " onMissingEngine, self, unknownTarget]",
                "@ExpectFasterThan(\"a [postgres 15]\") on MisconfiguredCase.onMissingEngine() names the target"
                        + " [postgres 15], but a() runs on [postgres 17 embedded]",
                "@ExpectFasterThan(\"self\") on MisconfiguredCase.self() compares the benchmark with itself",
                "@ExpectFasterThan(\"a\") on MisconfiguredCase.badFactor() must declare by > 0 but was 0.0",
                "@ExpectFasterThan forms a cycle, so no order of speeds can satisfy it: a [postgres 17 embedded] ->"
                        + " b [postgres 17 embedded] -> a [postgres 17 embedded]",
                "@ExpectFasterThan forms a cycle, so no order of speeds can satisfy it: a [postgres 17 embedded] ->"
                        + " b [postgres 17 embedded] -> a [postgres 17 embedded]");
        results.testEvents().assertStatistics(stats -> stats.started(0));
    }

    private static List<String> containerFailures(EngineExecutionResults results) {
        return results.containerEvents().failed().stream()
                .map(event -> event.getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow())
                .map(Throwable::getMessage)
                .toList();
    }

    static void sleep(Connection db, double seconds) throws SQLException {
        try (Statement statement = db.createStatement();
                ResultSet rows = statement.executeQuery("SELECT pg_sleep(" + seconds + ")")) {
            rows.next();
        }
    }

    @Postgres
    static class HoldsCase {

        @DbBenchmark(warmups = 1, samples = 8, opsPerSample = 1, thresholdPercent = 900)
        @ExpectFasterThan(value = "slow", by = 2.0)
        void fast(Connection db) throws SQLException {
            sleep(db, 0.001);
        }

        @DbBenchmark(warmups = 1, samples = 8, opsPerSample = 1, thresholdPercent = 900)
        void slow(Connection db) throws SQLException {
            sleep(db, 0.02);
        }
    }

    @Postgres
    static class ReversedCase {

        @DbBenchmark(warmups = 1, samples = 8, opsPerSample = 1, thresholdPercent = 900)
        void fast(Connection db) throws SQLException {
            sleep(db, 0.001);
        }

        /** Deliberately wrong: the slow side claims to be twice as fast. */
        @DbBenchmark(warmups = 1, samples = 8, opsPerSample = 1, thresholdPercent = 900)
        @ExpectFasterThan(value = "fast", by = 2.0)
        void slow(Connection db) throws SQLException {
            sleep(db, 0.02);
        }
    }

    @Postgres(version = "15")
    @Postgres(version = "17")
    static class VersionsCase {

        @DbFixture
        static void createTable(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE numbers AS SELECT g AS n FROM generate_series(1, 1000) g");
            }
        }

        @DbBenchmark(warmups = 1, samples = 6, opsPerSample = 1, thresholdPercent = 900)
        @ExpectFasterThan(value = "[postgres 15]", by = 0.1)
        void sum(Connection db) throws SQLException {
            try (Statement statement = db.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT sum(n) FROM numbers")) {
                rows.next();
                assertThat(rows.getLong(1)).isEqualTo(500_500);
            }
        }
    }

    static class MisconfiguredCase {

        @DbBenchmark
        @ExpectFasterThan("nosuch")
        void unknownTarget() {
        }

        @DbBenchmark
        @ExpectFasterThan("helper")
        void notABenchmark() {
        }

        @DbBenchmark
        @ExpectFasterThan("a [postgres 15]")
        void onMissingEngine() {
        }

        @DbBenchmark
        @ExpectFasterThan("self")
        void self() {
        }

        @DbBenchmark
        @ExpectFasterThan(value = "a", by = 0)
        void badFactor() {
        }

        @DbBenchmark
        @ExpectFasterThan("b")
        void a() {
        }

        @DbBenchmark
        @ExpectFasterThan("a")
        void b() {
        }

        void helper() {
        }
    }
}
