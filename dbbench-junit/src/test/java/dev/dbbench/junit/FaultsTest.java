package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.JdbcDatabase;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Bodies that misbehave: calls that never return, transactions left open, locks left held. Each
 * must end its run within a bounded time with a message that says what happened and what to do;
 * before dbbench bounded them, each of these runs hung for minutes or for ever.
 */
class FaultsTest {

    /** Longer than any of these runs may take, shorter than the hang each used to be. */
    private static final Duration BOUND = Duration.ofSeconds(60);

    /** Facts the fixtures record about themselves; cleared by each test. */
    static final List<String> EVENTS = Collections.synchronizedList(new ArrayList<>());

    @TempDir
    Path temp;

    @Test
    void aCallThatNeverReturnsIsInterruptedAtTheTimeout() {
        SleepingCallCase.CALLS.set(0);
        final long start = System.nanoTime();

        final EngineExecutionResults results = run(SleepingCallCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        final Throwable failure = failure(results);
        assertThat(failure.getMessage())
                .startsWith("benchmark exceeded its timeout of 3 s during sample 2 of 15 (10 calls per sample):"
                        + " a call had not returned by the deadline; dbbench interrupted it and it"
                        + " returned")
                .contains("raise timeoutSeconds");
        // Where the call was: the stack of the body's thread at the deadline, with the body's own frame.
        assertThat(failure.getCause().getStackTrace()).extracting(StackTraceElement::getMethodName)
                .contains("sleep", "sleeps");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
    }

    @Test
    void aCallThatIgnoresInterruptsIsAbandonedAfterTheGracePeriod() {
        DeafCallCase.released = new CountDownLatch(1);
        try {
            final EngineExecutionResults results = run(DeafCallCase.class);

            results.testEvents().assertStatistics(stats -> stats.failed(1));
            assertThat(failure(results).getMessage())
                    .startsWith("benchmark exceeded its timeout of 2 s during sample 1 of 3 (1 call per sample):"
                            + " a call had not returned by the deadline; dbbench interrupted it, it did"
                            + " not return within 2 s, so dbbench cancelled the statements of the connections it"
                            + " had given the benchmark and closed them, and stopped waiting for it: it may still"
                            + " be running");
        } finally {
            DeafCallCase.released.countDown();
        }
    }

    @Test
    void aStatementThatNeverEndsIsCancelledAfterTheGracePeriod() {
        EVENTS.clear();

        final EngineExecutionResults results = run(EndlessStatementCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        final Throwable failure = failure(results);
        assertThat(failure.getMessage())
                .startsWith("benchmark exceeded its timeout of 2 s during warm-up 1 of 1 (1 call per sample)")
                .contains("so dbbench cancelled the statements of the connections it had given the benchmark and"
                        + " closed them, which ended the call");
        // The server stopped the statement too: nothing is left sleeping on it.
        assertThat(EVENTS).containsExactly("sleeping backends: 0");
        // What the statement threw once cancelled (or its connection closed) goes with the timeout.
        assertThat(failure.getSuppressed()).hasAtLeastOneElementOfType(SQLException.class);
    }

    @Test
    void thePlanCaptureCallIsBoundedToo() {
        CaptureCallCase.CALLS.set(0);

        final EngineExecutionResults results = run(CaptureCallCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(failure(results).getMessage())
                .startsWith("benchmark exceeded its timeout of 2 s during the capture call after the samples:");
    }

    @Test
    void aTransactionLeftOpenFailsTheBenchmarkAndIsRolledBack() {
        EVENTS.clear();

        final EngineExecutionResults results = run(OpenTransactionCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(2));
        assertThat(failures(results)).containsExactlyInAnyOrder(
                "OpenTransactionCase.incrementWithoutCommit() on [postgres 17 embedded] left a transaction open on"
                        + " its Connection parameter db after its samples: its writes were never committed, and"
                        + " its locks would have kept other sessions waiting (dbbench's plan capture among them)."
                        + " dbbench rolled it back. Commit or roll back before the method returns, or leave"
                        + " auto-commit on",
                "OpenTransactionCase.incrementOnTheCaptureCall() on [postgres 17 embedded] left a transaction open"
                        + " on its Connection parameter db after the capture call: its writes were never"
                        + " committed, and its locks would have kept other sessions waiting (dbbench's plan capture"
                        + " among them). dbbench rolled it back. Commit or roll back before the method returns, or"
                        + " leave auto-commit on");
        // Nothing the bodies wrote stayed, and no session was left in a transaction.
        assertThat(EVENTS).containsExactly("n = 0", "idle in transaction: 0");
    }

    @Test
    void aLockTheBodyLeftOnAConnectionOfItsOwnFailsThePlanCaptureInsteadOfHangingIt() {
        LockedTableCase.CALLS.set(0);

        final EngineExecutionResults results = run(LockedTableCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(failure(results).getMessage())
                .startsWith("dbbench's EXPLAIN of \"SELECT n FROM counters WHERE id = 1\" waited more than 5 s for a"
                        + " lock that another session holds")
                .contains("Commit or roll back before the body returns");
    }

    private EngineExecutionResults run(Class<?> fixture) {
        return assertTimeoutPreemptively(BOUND, () -> new FixtureRunner(temp).run(fixture));
    }

    private static Throwable failure(EngineExecutionResults results) {
        return results.testEvents().failed().stream()
                .map(event -> event.getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow())
                .findFirst()
                .orElseThrow(() -> new AssertionError("nothing failed"));
    }

    private static List<String> failures(EngineExecutionResults results) {
        return results.testEvents().failed().stream()
                .map(event -> event.getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow()
                        .getMessage())
                .toList();
    }

    static long count(DataSource dataSource, String query) throws SQLException {
        try (Connection db = dataSource.getConnection(); Statement statement = db.createStatement();
                ResultSet rows = statement.executeQuery(query)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    static void createCounters(Connection db) throws SQLException {
        try (Statement statement = db.createStatement()) {
            statement.execute("CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL)");
            statement.execute("INSERT INTO counters VALUES (1, 0)");
        }
    }

    @Postgres
    static class SleepingCallCase {

        static final AtomicInteger CALLS = new AtomicInteger();

        /** The third call of the second sample never returns on its own: 10 warm-up calls, 10 of sample 1. */
        @DbBenchmark(warmups = 1, samples = 15, opsPerSample = 10, timeoutSeconds = 3)
        void sleeps() throws InterruptedException {
            if (CALLS.incrementAndGet() == 23) {
                Thread.sleep(600_000);
            }
        }
    }

    @Postgres
    static class DeafCallCase {

        static volatile CountDownLatch released;

        /** Swallows every interrupt, as a badly written retry loop does. */
        @DbBenchmark(warmups = 0, samples = 3, opsPerSample = 1, timeoutSeconds = 2)
        void ignoresInterrupts(Connection db) {
            while (released.getCount() > 0) {
                try {
                    released.await();
                } catch (InterruptedException ignored) {
                    // and keeps waiting
                }
            }
        }
    }

    @Postgres
    static class EndlessStatementCase {

        @DbBenchmark(warmups = 1, samples = 3, opsPerSample = 1, timeoutSeconds = 2)
        void sleepsOnTheServer(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("SELECT pg_sleep(600)");
            }
        }

        /**
         * The backends still sleeping, once the server has had 10 s to act on the cancel request, which it
         * handles asynchronously (on a loaded machine the backend may still read as active just after).
         */
        @AfterAll
        static void sleepingBackends(DataSource dataSource) throws SQLException, InterruptedException {
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            long sleeping;
            do {
                sleeping = count(dataSource, "SELECT count(*) FROM pg_stat_activity"
                        + " WHERE query = 'SELECT pg_sleep(600)' AND state = 'active'");
                if (sleeping > 0) {
                    Thread.sleep(100);
                }
            } while (sleeping > 0 && System.nanoTime() < deadline);
            EVENTS.add("sleeping backends: " + sleeping);
        }
    }

    @Postgres
    static class CaptureCallCase {

        static final AtomicInteger CALLS = new AtomicInteger();

        /** Two samples of one call each, then the plan-capture call, which never returns on its own. */
        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1, timeoutSeconds = 2)
        void hangsOnTheCaptureCall(Connection db) throws InterruptedException {
            if (CALLS.incrementAndGet() == 3) {
                Thread.sleep(600_000);
            }
        }
    }

    @Postgres
    static class OpenTransactionCase {

        private int captureCalls;

        @BeforeAll
        static void create(Connection db) throws SQLException {
            createCounters(db);
        }

        @DbBenchmark(warmups = 1, samples = 3, opsPerSample = 1)
        void incrementWithoutCommit(Connection db) throws SQLException {
            db.setAutoCommit(false);
            try (Statement statement = db.createStatement()) {
                statement.execute("UPDATE counters SET n = n + 1 WHERE id = 1");
            }
        }

        /** Commits during the samples, then leaves the plan-capture call's transaction open. */
        @DbBenchmark(warmups = 1, samples = 3, opsPerSample = 1)
        void incrementOnTheCaptureCall(Connection db) throws SQLException {
            db.setAutoCommit(false);
            try (Statement statement = db.createStatement()) {
                statement.execute("UPDATE counters SET n = n + 1 WHERE id = 1");
            }
            if (++captureCalls <= 4) {
                db.rollback();
            }
        }

        @AfterAll
        static void check(DataSource dataSource) throws SQLException {
            EVENTS.add("n = " + count(dataSource, "SELECT n FROM counters WHERE id = 1"));
            EVENTS.add("idle in transaction: " + count(dataSource, "SELECT count(*) FROM pg_stat_activity"
                    + " WHERE datname = current_database() AND state LIKE 'idle in transaction%'"));
        }
    }

    @Postgres
    static class LockedTableCase {

        static final AtomicInteger CALLS = new AtomicInteger();
        /**
         * A connection the body opens itself by the database's URL and leaves in a transaction: dbbench
         * cannot see it (one taken from the injected DataSource and left open is closed after the call).
         */
        private static Connection holder;

        @BeforeAll
        static void create(Connection db) throws SQLException {
            createCounters(db);
        }

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void readsWhatItThenLocks(Connection db, JdbcDatabase database) throws SQLException {
            try (Statement statement = db.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT n FROM counters WHERE id = 1")) {
                rows.next();
            }
            if (CALLS.incrementAndGet() == 3) {
                holder = DriverManager.getConnection(database.jdbcUrl(), database.username(), database.password());
                holder.setAutoCommit(false);
                try (Statement statement = holder.createStatement()) {
                    statement.execute("LOCK TABLE counters IN ACCESS EXCLUSIVE MODE");
                }
            }
        }

        @AfterAll
        static void release() throws SQLException {
            if (holder != null) {
                holder.close();
            }
        }
    }
}
