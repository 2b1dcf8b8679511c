package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Client threads ({@code @DbBenchmark(threads)}) one of which never returns from a call: the
 * benchmark's timeout ends it, as it ends a body that runs alone (see {@link FaultsTest}). The
 * benchmark fails naming its timeout and what dbbench did about the call, its clients and their
 * statements are stopped, and the next benchmark of the class runs and keeps its result.
 */
class ClientTimeoutsTest {

    /** Longer than any of these runs may take, shorter than the hang each would be. */
    private static final Duration BOUND = Duration.ofSeconds(60);

    /** Facts the fixtures record about themselves; cleared by each test. */
    static final List<String> EVENTS = Collections.synchronizedList(new ArrayList<>());

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @Test
    void aClientWhoseStatementNeverEndsIsCancelledAndTheNextBenchmarkKeepsItsResult() throws Exception {
        EVENTS.clear();
        EndlessStatementCase.HUNG.set(false);
        final FixtureRunner runner = new FixtureRunner(temp);
        final long start = System.nanoTime();

        final EngineExecutionResults results = run(runner, EndlessStatementCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(1));
        final Throwable failure = failure(results);
        assertThat(failure.getMessage())
                .startsWith("benchmark exceeded its timeout of 2 s during warm-up 1 of 1 (2 calls per sample):"
                        + " a call had not returned by the deadline; dbbench interrupted it, it did not return"
                        + " within 2 s, so dbbench cancelled the statements of the connections it had given the"
                        + " benchmark and closed them, which ended the call.")
                .contains("raise timeoutSeconds");
        assertThat(failure.getCause()).hasMessage("where dbbench EndlessStatementCase.sleepsOnTheServerInOneClient()"
                + " [postgres 17 embedded] was at the deadline");
        // That thread only waited for its clients: each client's stack is there too, the hung one in the body.
        assertThat(failure.getCause().getSuppressed()).hasSize(4).filteredOn(client -> Arrays.stream(
                client.getStackTrace()).anyMatch(frame -> frame.getMethodName().equals("sleepsOnTheServerInOneClient")))
                .singleElement().extracting(Throwable::getMessage).asString()
                .matches("where dbbench EndlessStatementCase.sleepsOnTheServerInOneClient\\(\\) \\[postgres 17 embedded\\]"
                        + " client [1-4] of 4 was at the deadline");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
        // The server stopped the statement too, and no client thread is left calling.
        assertThat(EVENTS).containsExactly("sleeping backends: 0");
        assertThat(clientThreadsAlive("sleepsOnTheServerInOneClient")).isEmpty();
        // The next benchmark ran on four clients of its own; the one that timed out recorded nothing.
        assertThat(resultMethods(runner)).containsExactly("runsAfterwards");
        assertThat(runner.result("runsAfterwards").get("threads").asInt()).isEqualTo(4);
        assertThat(JSON.readTree(runner.baselineFile(EndlessStatementCase.class).toFile()).get("benchmarks")
                .fieldNames()).toIterable().containsExactly("runsAfterwards [postgres 17 embedded]");
    }

    @Test
    void aClientThatSleepsIsInterruptedAtTheTimeoutAndTheNextBenchmarkRuns() throws Exception {
        SleepingClientCase.HUNG.set(false);
        final FixtureRunner runner = new FixtureRunner(temp);
        final long start = System.nanoTime();

        final EngineExecutionResults results = run(runner, SleepingClientCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(1));
        assertThat(failure(results).getMessage())
                .startsWith("benchmark exceeded its timeout of 2 s during warm-up 1 of 1 (2 calls per sample):"
                        + " a call had not returned by the deadline; dbbench interrupted it and it returned.");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
        assertThat(clientThreadsAlive("sleepsInOneClient")).isEmpty();
        assertThat(resultMethods(runner)).containsExactly("runsAfterwards");
    }

    @Test
    void aClientThatIgnoresInterruptsIsAbandonedAndTheFailureSaysItMayStillBeRunning() throws Exception {
        DeafClientCase.HUNG.set(false);
        DeafClientCase.released = new CountDownLatch(1);
        final FixtureRunner runner = new FixtureRunner(temp);
        try {
            final EngineExecutionResults results = run(runner, DeafClientCase.class);

            results.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(1));
            assertThat(failure(results).getMessage())
                    .startsWith("benchmark exceeded its timeout of 2 s during warm-up 1 of 1 (2 calls per sample):"
                            + " a call had not returned by the deadline; dbbench interrupted it, it did not return"
                            + " within 2 s, so dbbench cancelled the statements of the connections it had given the"
                            + " benchmark and closed them, and stopped waiting for it: it may still be running.");
            assertThat(clientThreadsAlive("ignoresInterruptsInOneClient")).hasSize(1);
            assertThat(resultMethods(runner)).containsExactly("runsAfterwards");
        } finally {
            DeafClientCase.released.countDown();
        }
    }

    private static EngineExecutionResults run(FixtureRunner runner, Class<?> fixture) {
        return assertTimeoutPreemptively(BOUND, () -> runner.run(fixture));
    }

    private static Throwable failure(EngineExecutionResults results) {
        return results.testEvents().failed().stream()
                .map(event -> event.getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow())
                .findFirst()
                .orElseThrow(() -> new AssertionError("nothing failed"));
    }

    /** The live client threads of a fixture's benchmark, which dbbench names after it. */
    private static List<String> clientThreadsAlive(String method) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(name -> name.contains("." + method + "() ") && name.contains(" client "))
                .toList();
    }

    private static List<String> resultMethods(FixtureRunner runner) throws Exception {
        return JSON.readTree(runner.reportDirectory().resolve("results.json").toFile()).get("results")
                .findValuesAsText("method");
    }

    static void execute(Connection db, String sql) throws SQLException {
        try (Statement statement = db.createStatement()) {
            statement.execute(sql);
        }
    }

    @Postgres
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class EndlessStatementCase {

        static final AtomicBoolean HUNG = new AtomicBoolean();

        /** The first call of one client sleeps on the server; the other three clients wait for it. */
        @Order(1)
        @DbBenchmark(threads = 4, warmups = 1, samples = 3, opsPerSample = 2, timeoutSeconds = 2)
        void sleepsOnTheServerInOneClient(Connection db) throws SQLException {
            execute(db, HUNG.compareAndSet(false, true) ? "SELECT pg_sleep(600)" : "SELECT 1");
        }

        @Order(2)
        @DbBenchmark(threads = 4, warmups = 1, samples = 3, opsPerSample = 2)
        void runsAfterwards(Connection db) throws SQLException {
            execute(db, "SELECT 1");
        }

        @AfterAll
        static void sleepingBackends(DataSource dataSource) throws SQLException {
            EVENTS.add("sleeping backends: " + FaultsTest.count(dataSource, "SELECT count(*) FROM pg_stat_activity"
                    + " WHERE query = 'SELECT pg_sleep(600)' AND state = 'active'"));
        }
    }

    @Postgres
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class SleepingClientCase {

        static final AtomicBoolean HUNG = new AtomicBoolean();

        @Order(1)
        @DbBenchmark(threads = 4, warmups = 1, samples = 3, opsPerSample = 2, timeoutSeconds = 2)
        void sleepsInOneClient(Connection db) throws SQLException, InterruptedException {
            if (HUNG.compareAndSet(false, true)) {
                Thread.sleep(600_000);
            }
            execute(db, "SELECT 1");
        }

        @Order(2)
        @DbBenchmark(threads = 4, warmups = 1, samples = 3, opsPerSample = 2)
        void runsAfterwards(Connection db) throws SQLException {
            execute(db, "SELECT 1");
        }
    }

    @Postgres
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class DeafClientCase {

        static final AtomicBoolean HUNG = new AtomicBoolean();
        static volatile CountDownLatch released;

        /** One client swallows every interrupt, as a badly written retry loop does. */
        @Order(1)
        @DbBenchmark(threads = 4, warmups = 1, samples = 3, opsPerSample = 2, timeoutSeconds = 2)
        void ignoresInterruptsInOneClient(Connection db) throws SQLException {
            if (HUNG.compareAndSet(false, true)) {
                while (released.getCount() > 0) {
                    try {
                        released.await();
                    } catch (InterruptedException ignored) {
                        // and keeps waiting
                    }
                }
            }
            execute(db, "SELECT 1");
        }

        @Order(2)
        @DbBenchmark(threads = 4, warmups = 1, samples = 3, opsPerSample = 2)
        void runsAfterwards(Connection db) throws SQLException {
            execute(db, "SELECT 1");
        }
    }
}
