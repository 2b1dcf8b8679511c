package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;

/**
 * Connections a benchmark takes from its data source and never closes are closed after its last call
 * and named, so the benchmarks after it still connect; a body that failed for them says so first.
 */
class LeakedConnectionsTest {

    /** Where the leaking body keeps its connections, as a careless benchmark would in a field. */
    static final List<Connection> KEPT = new ArrayList<>();

    @TempDir
    Path temp;

    @Test
    void aBodyThatExhaustsTheServersConnectionsFailsNamingItsLeakAndTheNextBenchmarksPass() {
        final EngineExecutionResults results = new FixtureRunner(temp)
                .with("junit.jupiter.testclass.order.default", ClassOrderer.OrderAnnotation.class.getName())
                .run(Exhausting.class, Correct.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(2).failed(1));
        assertThat(failure(results.testEvents().failed().stream().findFirst().orElseThrow()))
                .startsWith("Exhausting.a_leaks() on [postgres 17 embedded] left ")
                .contains(" connections of its DataSource parameter db open when it failed: dbbench closed them, so"
                        + " that the benchmarks after it can still connect. Close each connection the method takes"
                        + " (try-with-resources), or keep one for the whole class from @BeforeAll\nIt failed with:"
                        + " org.postgresql.util.PSQLException: FATAL: sorry, too many clients already");
    }

    @Test
    void connectionsABodyLeavesOpenAreClosedAfterItsLastCallAndNamed() {
        final String printed = FixtureRunner.printed(() -> new FixtureRunner(temp).run(LeavesOne.class).testEvents()
                .assertStatistics(stats -> stats.succeeded(1).failed(0)));

        assertThat(printed).containsPattern("LeavesOne.lookup\\(\\) on \\[postgres 17 embedded\\] left \\d+"
                + " connections of its DataSource parameter db open after its last call: dbbench closed them, so that"
                + " the benchmarks after it can still connect. Close each connection the method takes"
                + " \\(try-with-resources\\), or keep one for the whole class from @BeforeAll");
    }

    private static String failure(Event event) {
        return event.getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow().getMessage();
    }

    @Postgres
    @Order(1)
    @TestMethodOrder(MethodOrderer.MethodName.class)
    static class Exhausting {

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void a_leaks(DataSource db) throws SQLException {
            for (int i = 0; i < 400; i++) {
                KEPT.add(db.getConnection());
            }
        }

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void b_correct(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("SELECT 1");
            }
        }
    }

    @Postgres
    @Order(2)
    static class Correct {

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void lookup(DataSource db) throws SQLException {
            try (Connection connection = db.getConnection(); Statement statement = connection.createStatement()) {
                statement.execute("SELECT 1");
            }
        }
    }

    @Postgres
    static class LeavesOne {

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void lookup(DataSource db) throws SQLException {
            try (Statement statement = db.getConnection().createStatement()) {
                statement.execute("SELECT 1");
            }
        }
    }
}
