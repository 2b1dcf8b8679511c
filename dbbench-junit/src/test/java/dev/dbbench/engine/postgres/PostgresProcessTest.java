package dev.dbbench.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An embedded server that dies is reported with its log, and one whose JVM was killed (no shutdown
 * hook ran) is stopped by the next start on the machine.
 */
class PostgresProcessTest {

    @TempDir
    Path temp;

    @Test
    void aServerLeftBehindByAKilledJvmIsStoppedAndRemovedByTheNextStart() throws Exception {
        // Its own temporary directory, so that only the servers of this test are in view.
        final Path tmpdir = Files.createDirectory(temp.resolve("tmp"));
        final Path firstOutput = temp.resolve("first.out");
        final Process first = childJvm(tmpdir, "keep-running", firstOutput);
        final long postmaster;
        try {
            postmaster = awaitPostmasterPid(first, firstOutput);
        } finally {
            // kill -9: no shutdown hook runs, the server stays behind.
            first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        final Optional<ProcessHandle> leftBehind = ProcessHandle.of(postmaster);
        assertThat(leftBehind).as("the server outlived its JVM").map(ProcessHandle::isAlive).contains(true);
        final Path servers = tmpdir.resolve("dbbench-postgres-" + System.getProperty("user.name")).resolve("servers");
        // A start leaves servers younger than a minute alone: their JVM may not have locked them yet.
        for (Path server : list(servers)) {
            Files.setLastModifiedTime(server, FileTime.from(Instant.now().minus(2, ChronoUnit.MINUTES)));
        }

        try {
            final Process second = childJvm(tmpdir, "start-and-stop", temp.resolve("second.out"));
            assertThat(second.waitFor(120, TimeUnit.SECONDS)).as("the second JVM finished").isTrue();
            assertThat(second.exitValue()).as("second JVM: %s", Files.readString(temp.resolve("second.out")))
                    .isZero();

            assertThat(leftBehind.get().onExit().get(30, TimeUnit.SECONDS).isAlive()).isFalse();
            assertThat(list(servers)).isEmpty();
        } finally {
            leftBehind.get().destroyForcibly();
        }
    }

    @Test
    void aServerOfALiveJvmOlderThanAMinuteSurvivesThatJvmsNextStartAndAnotherJvmsStart() throws Exception {
        final Path tmpdir = Files.createDirectory(temp.resolve("tmp"));
        final Path output = temp.resolve("owner.out");
        final Process owner = childJvm(tmpdir, "start-twice", output, temp.toString());
        try {
            final long postmaster = awaitPostmasterPid(owner, output);
            final Path servers = tmpdir.resolve("dbbench-postgres-" + System.getProperty("user.name"))
                    .resolve("servers");
            for (Path server : list(servers)) {
                Files.setLastModifiedTime(server, FileTime.from(Instant.now().minus(2, ChronoUnit.MINUTES)));
            }
            // Its second start looks for servers left behind, and must not touch its first one's lock.
            Files.createFile(temp.resolve("start-second"));
            awaitLine(owner, output, "second started");

            final Process other = childJvm(tmpdir, "start-and-stop", temp.resolve("other.out"));
            assertThat(other.waitFor(120, TimeUnit.SECONDS)).as("the other JVM finished").isTrue();
            assertThat(other.exitValue()).as("other JVM: %s", Files.readString(temp.resolve("other.out"))).isZero();

            assertThat(ProcessHandle.of(postmaster)).as("the live JVM's first server still runs")
                    .map(ProcessHandle::isAlive).contains(true);
        } finally {
            Files.createFile(temp.resolve("stop"));
            assertThat(owner.waitFor(60, TimeUnit.SECONDS)).as("the owner JVM stopped its servers").isTrue();
        }
    }

    @Test
    void aServerThatDiedSaysSoWithItsLastLogLines() throws Exception {
        try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(new EngineTarget(EngineKind.POSTGRES, "17",
                new TreeMap<>(), ProviderKind.EMBEDDED, ""))) {
            final SQLException lost = new SQLException("An I/O error occurred while sending to the backend.", "08006");
            assertThat(server.alive()).isTrue();
            assertThat(server.failureDiagnosis(lost)).isEmpty();
            final ProcessHandle postmaster = ProcessHandle.of(postmasterPid(server)).orElseThrow();

            postmaster.destroyForcibly();
            postmaster.onExit().get(30, TimeUnit.SECONDS);

            assertThat(server.alive()).isFalse();
            assertThat(server.failureDiagnosis(new IllegalStateException("any failure"))).hasValueSatisfying(
                    diagnosis -> assertThat(diagnosis)
                            .startsWith("its embedded PostgreSQL 17.").contains(" server on port ")
                            .contains(" died: its postmaster (PID " + postmaster.pid() + ") was killed by signal 9.")
                            .contains(" Its last log lines:\n  | ")
                            .contains("database system is ready to accept connections"));
        }
    }

    @Test
    void aConnectionWithoutTheSuperusersPasswordIsRefusedLocallyAndOverTcp() throws Exception {
        try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(new EngineTarget(EngineKind.POSTGRES, "17",
                new TreeMap<>(), ProviderKind.EMBEDDED, ""));
                ScratchDatabase database = server.createDatabase("auth");
                Connection connection = database.dataSource().orElseThrow().getConnection();
                Statement statement = connection.createStatement()) {
            final String url = connection.getMetaData().getURL();
            final ResultSet rules = statement.executeQuery(
                    "SELECT type, auth_method FROM pg_hba_file_rules WHERE error IS NULL ORDER BY line_number");
            final List<String> methods = new ArrayList<>();
            while (rules.next()) {
                methods.add(rules.getString(1) + " " + rules.getString(2));
            }
            assertThat(methods).isNotEmpty().allSatisfy(rule -> assertThat(rule).endsWith(" scram-sha-256"));

            assertThat(refusal(url, null)).contains("password");
            assertThat(refusal(url, "not-the-password")).contains("password authentication failed for user \"postgres\"");
            final Path password = PostgresInstallation.superuserPasswordFile();
            assertThat(Files.getPosixFilePermissions(password)).containsExactlyInAnyOrder(
                    PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        }
    }

    /** Why the server refuses user postgres with {@code password}. */
    private static String refusal(String url, String password) {
        final Properties properties = new Properties();
        properties.setProperty("user", "postgres");
        if (password != null) {
            properties.setProperty("password", password);
        }
        try (Connection refused = DriverManager.getConnection(url, properties)) {
            throw new AssertionError("the server let user postgres in with password " + password);
        } catch (SQLException e) {
            return e.getMessage();
        }
    }

    /** The first line of postmaster.pid, which the superuser may read through the server itself. */
    private static long postmasterPid(EmbeddedPostgresServer server) throws Exception {
        try (ScratchDatabase database = server.createDatabase("pid");
                Connection connection = database.dataSource().orElseThrow().getConnection();
                Statement statement = connection.createStatement();
                ResultSet pid = statement.executeQuery(
                        "SELECT split_part(pg_read_file('postmaster.pid'), E'\\n', 1)")) {
            pid.next();
            return Long.parseLong(pid.getString(1));
        }
    }

    private static Process childJvm(Path tmpdir, String mode, Path output, String... arguments) throws IOException {
        final List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmpdir,
                "-cp", System.getProperty("java.class.path"),
                ServerProcess.class.getName(), mode));
        command.addAll(List.of(arguments));
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
    }

    private static long awaitPostmasterPid(Process child, Path output) throws Exception {
        return Long.parseLong(awaitLine(child, output, "postmaster ").substring("postmaster ".length()));
    }

    /** The child's first output line that starts with {@code prefix}, once it is written. */
    private static String awaitLine(Process child, Path output, String prefix) throws Exception {
        final long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < giveUp) {
            final Optional<String> line = Files.readAllLines(output).stream()
                    .filter(text -> text.startsWith(prefix)).findFirst();
            if (line.isPresent()) {
                return line.get();
            }
            assertThat(child.isAlive()).as("the child JVM runs: %s", Files.readString(output)).isTrue();
            Thread.sleep(100);
        }
        throw new AssertionError("the child JVM wrote no '" + prefix + "' within 120 s: " + Files.readString(output));
    }

    private static List<Path> list(Path directory) throws IOException {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.toList();
        }
    }

    /**
     * A JVM that starts an embedded server and keeps it running until killed ({@code keep-running}),
     * stops it at once ({@code start-and-stop}), or starts a second one when the file
     * {@code start-second} appears in the given directory and stops both when {@code stop} does
     * ({@code start-twice}).
     */
    static final class ServerProcess {

        public static void main(String[] args) throws Exception {
            final EmbeddedPostgresServer server = start();
            if (!args[0].equals("start-and-stop")) {
                System.out.println("postmaster " + ProcessHandle.current().children().findFirst().orElseThrow().pid());
            }
            if (args[0].equals("keep-running")) {
                Thread.sleep(TimeUnit.MINUTES.toMillis(5));
            } else if (args[0].equals("start-twice")) {
                awaitFile(Path.of(args[1], "start-second"));
                try (EmbeddedPostgresServer second = start()) {
                    System.out.println("second started");
                    awaitFile(Path.of(args[1], "stop"));
                }
            }
            server.close();
        }

        private static EmbeddedPostgresServer start() throws Exception {
            return EmbeddedPostgresServer.start(new EngineTarget(EngineKind.POSTGRES, "17", new TreeMap<>(),
                    ProviderKind.EMBEDDED, ""));
        }

        private static void awaitFile(Path file) throws InterruptedException {
            final long giveUp = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
            while (!Files.exists(file) && System.nanoTime() < giveUp) {
                Thread.sleep(100);
            }
        }
    }
}
