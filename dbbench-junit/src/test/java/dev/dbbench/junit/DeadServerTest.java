package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * An embedded server killed or stopped under a benchmark is named in its failure, with what became
 * of the server and its log, instead of the driver's errors; the class's other benchmarks on a server
 * that is gone say the same, the next class gets a new server, and what a dead postmaster leaves
 * (a busy backend, the System V segment, the socket and its lock file) is gone when the run ends.
 */
class DeadServerTest {

    /** The call of a benchmark's body that kills: after two calls that measured normally. */
    private static final int KILLING_CALL = 3;

    /** The lines of the killed server's postmaster.pid, as the body read them before the kill. */
    static volatile List<String> pidFile;
    /** The postmaster of the server the class after the killed one ran on. */
    static volatile long nextPostmaster;
    /** A backend busy with a query when its postmaster was killed, which does not notice the death. */
    static volatile long busyBackend;
    static volatile int calls;

    @TempDir
    Path temp;

    private FixtureRunner runner;

    @BeforeEach
    void reset() {
        pidFile = null;
        nextPostmaster = 0;
        busyBackend = 0;
        calls = 0;
        runner = new FixtureRunner(temp)
                .with("junit.jupiter.testclass.order.default", ClassOrderer.OrderAnnotation.class.getName());
    }

    @Test
    void aPostmasterKilledWithSigkillFailsTheClassSayingItDiedAndWhatItLeftIsRemoved() throws Exception {
        try {
            final EngineExecutionResults results = runner.run(KilledPostmasterCase.class, NextClassCase.class);

            results.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(2));
            final String died = "server on port " + pidFile.get(3) + " (folder " + Path.of(pidFile.get(1)).getParent()
                    + ") died: its postmaster (PID " + pidFile.get(0) + ") was killed by signal 9. The benchmark's"
                    + " figures are not recorded; the class's other benchmarks on this server fail the same way, and"
                    + " the next class gets a new server. Its last log lines:\n  | ";
            assertThat(failures(results).get(0))
                    .startsWith("KilledPostmasterCase.a_kills() on [postgres 17 embedded] failed because its embedded"
                            + " PostgreSQL 17.")
                    .contains(died)
                    .contains("terminating connection due to unexpected postmaster exit");
            assertThat(failures(results).get(1))
                    .startsWith("dbbench could not provide Connection for void " + KilledPostmasterCase.class.getName()
                            + ".b_after(java.sql.Connection) throws java.sql.SQLException: its embedded PostgreSQL 17.")
                    .contains(died);
            assertThat(runner.baselineFile(KilledPostmasterCase.class)).doesNotExist();
            assertThat(nextPostmaster).as("the next class's postmaster").isNotZero()
                    .isNotEqualTo(Long.parseLong(pidFile.get(0)));
            assertThat(leftBehind()).isEmpty();
        } finally {
            // Before the fix the busy backend kept a core busy for minutes.
            ProcessHandle.of(busyBackend).filter(DeadServerTest::postgres).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void aBackendKilledWithSigkillSaysTheServerRestartedAndTheBenchmarksAfterItRun() throws Exception {
        final EngineExecutionResults results = runner.run(KilledBackendCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(1));
        assertThat(failures(results).get(0))
                .startsWith("KilledBackendCase.a_kills() on [postgres 17 embedded] failed because its embedded"
                        + " PostgreSQL 17.")
                .contains(" server on port " + pidFile.get(3) + " (folder " + Path.of(pidFile.get(1)).getParent()
                        + ") restarted: server process (PID " + KilledBackendCase.victim + ") was terminated by signal"
                        + " 9: Killed, so PostgreSQL ended every session and recovered its databases. The benchmark's"
                        + " figures are not recorded; the benchmarks after it run on the recovered server. Its last"
                        + " log lines:\n  | ")
                .contains("all server processes terminated; reinitializing");
        assertThat(runner.entry(KilledBackendCase.class, "a_kills [postgres 17 embedded]")).isNull();
        assertThat(runner.entry(KilledBackendCase.class, "b_after [postgres 17 embedded]")).isNotNull();
        assertThat(leftBehind()).isEmpty();
    }

    @Test
    void aPostmasterStoppedWithSigtermFailsTheClassSayingItShutsDownAndTheNextClassGetsANewServer()
            throws Exception {
        final EngineExecutionResults results = runner.run(StoppedPostmasterCase.class, NextClassCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(2));
        final String stopping = "server on port " + pidFile.get(3) + " (folder " + Path.of(pidFile.get(1)).getParent()
                + ") is shutting down: it received a smart shutdown request (SIGTERM), and takes no new connections."
                + " The benchmark's figures are not recorded; the class's other benchmarks on this server fail the"
                + " same way, and the next class gets a new server. Its last log lines:\n  | ";
        assertThat(failures(results).get(0))
                .startsWith("StoppedPostmasterCase.a_stops() on [postgres 17 embedded] failed because its embedded"
                        + " PostgreSQL 17.")
                .contains(stopping)
                .contains("received smart shutdown request");
        assertThat(failures(results).get(1)).contains(stopping);
        assertThat(nextPostmaster).as("the next class's postmaster").isNotZero()
                .isNotEqualTo(Long.parseLong(pidFile.get(0)));
        assertThat(leftBehind()).isEmpty();
    }

    private static List<String> failures(EngineExecutionResults results) {
        return results.testEvents().failed().stream()
                .map(event -> event.getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow()
                        .getMessage())
                .toList();
    }

    /** What of the killed server is still there after the run: its files, its segment, its busy backend. */
    private static List<String> leftBehind() throws IOException {
        final List<String> left = new ArrayList<>();
        final Path socket = Path.of(pidFile.get(4), ".s.PGSQL." + pidFile.get(3));
        for (Path file : List.of(socket, Path.of(socket + ".lock"), Path.of(pidFile.get(1)).getParent())) {
            if (Files.exists(file)) {
                left.add(file.toString());
            }
        }
        // /proc/sysvipc/shm: key shmid perms size cpid ...; the pid file's line 7 is "key shmid".
        final String shmid = pidFile.get(6).strip().split("\\s+")[1];
        Files.readAllLines(Path.of("/proc/sysvipc/shm")).stream().map(line -> line.strip().split("\\s+"))
                .filter(row -> row[1].equals(shmid) && row[4].equals(pidFile.get(0)))
                .forEach(row -> left.add("shared memory segment " + shmid + " (nattch " + row[6] + ")"));
        ProcessHandle.of(busyBackend).filter(DeadServerTest::postgres)
                .ifPresent(backend -> left.add("backend " + backend.pid()));
        return left;
    }

    private static boolean postgres(ProcessHandle process) {
        return process.isAlive() && process.info().command().map(command -> command.endsWith("/postgres"))
                .orElse(false);
    }

    /** Reads the server's postmaster.pid through the body's own connection; returns the postmaster. */
    private static ProcessHandle postmaster(Connection db) throws SQLException {
        try (Statement statement = db.createStatement();
                ResultSet read = statement.executeQuery("SELECT pg_read_file('postmaster.pid')")) {
            read.next();
            pidFile = read.getString(1).lines().toList();
        }
        return ProcessHandle.of(Long.parseLong(pidFile.get(0))).orElseThrow();
    }

    private static long backendPid(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet pid = statement.executeQuery("SELECT pg_backend_pid()")) {
            pid.next();
            return pid.getLong(1);
        }
    }

    private static void select(Connection db) throws SQLException {
        try (Statement statement = db.createStatement()) {
            statement.execute("SELECT 1");
        }
    }

    /** Its third call kills the postmaster while a report of the application runs on another connection. */
    @Postgres
    @Order(1)
    @TestMethodOrder(MethodOrderer.MethodName.class)
    static class KilledPostmasterCase {

        @DbBenchmark(warmups = 0, samples = 5, opsPerSample = 1)
        void a_kills(Connection db, DataSource source) throws Exception {
            if (++calls == KILLING_CALL) {
                final ProcessHandle postmaster = postmaster(db);
                final Connection report = source.getConnection();
                busyBackend = backendPid(report);
                final Thread reporting = new Thread(() -> {
                    try (Statement statement = report.createStatement()) {
                        statement.execute("SELECT count(*) FROM generate_series(1, 10000000000)");
                    } catch (SQLException e) {
                        // Its connection goes with the test.
                    }
                });
                reporting.setDaemon(true);
                reporting.start();
                Thread.sleep(300);
                postmaster.destroyForcibly();
                postmaster.onExit().get(10, TimeUnit.SECONDS);
            }
            select(db);
        }

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void b_after(Connection db) throws SQLException {
            select(db);
        }
    }

    /** Its third call kills a backend of another of its connections; PostgreSQL then ends every session. */
    @Postgres
    @TestMethodOrder(MethodOrderer.MethodName.class)
    static class KilledBackendCase {

        static volatile long victim;

        @DbBenchmark(warmups = 0, samples = 5, opsPerSample = 1)
        void a_kills(Connection db, DataSource source) throws Exception {
            if (++calls == KILLING_CALL) {
                postmaster(db);
                try (Connection other = source.getConnection()) {
                    victim = backendPid(other);
                    final ProcessHandle backend = ProcessHandle.of(victim).orElseThrow();
                    backend.destroyForcibly();
                    backend.onExit().get(10, TimeUnit.SECONDS);
                }
                Thread.sleep(500);
            }
            select(db);
        }

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void b_after(Connection db) throws SQLException {
            select(db);
        }
    }

    /** Its third call sends the postmaster SIGTERM, then takes a connection, as an application's pool would. */
    @Postgres
    @Order(1)
    @TestMethodOrder(MethodOrderer.MethodName.class)
    static class StoppedPostmasterCase {

        @DbBenchmark(warmups = 0, samples = 5, opsPerSample = 1)
        void a_stops(Connection db, DataSource source) throws Exception {
            if (++calls == KILLING_CALL) {
                postmaster(db).destroy();
                Thread.sleep(500);
            }
            try (Connection connection = source.getConnection()) {
                select(connection);
            }
        }

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void b_after(Connection db) throws SQLException {
            select(db);
        }
    }

    /** A class run after the one whose server died, which should get a server of its own. */
    @Postgres
    @Order(2)
    static class NextClassCase {

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void lookup(Connection db) throws SQLException {
            nextPostmaster = Long.parseLong(postmasterPidLine(db));
            select(db);
        }

        private static String postmasterPidLine(Connection db) throws SQLException {
            try (Statement statement = db.createStatement();
                    ResultSet read = statement.executeQuery(
                            "SELECT split_part(pg_read_file('postmaster.pid'), E'\\n', 1)")) {
                read.next();
                return read.getString(1);
            }
        }
    }
}
