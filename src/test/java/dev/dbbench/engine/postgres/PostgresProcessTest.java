package dev.dbbench.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
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
    void aServerThatDiedSaysSoWithItsLastLogLines() throws Exception {
        try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(new EngineTarget(EngineKind.POSTGRES, "17",
                new TreeMap<>(), ProviderKind.EMBEDDED, ""))) {
            assertThat(server.alive()).isTrue();
            assertThat(server.failureDiagnosis()).isEmpty();
            final ProcessHandle postmaster = ProcessHandle.of(postmasterPid(server)).orElseThrow();

            postmaster.destroyForcibly();
            postmaster.onExit().get(30, TimeUnit.SECONDS);

            assertThat(server.alive()).isFalse();
            assertThat(server.failureDiagnosis()).hasValueSatisfying(diagnosis -> assertThat(diagnosis)
                    .startsWith("its embedded PostgreSQL server is no longer running; its last log lines:\n  | ")
                    .contains("database system is ready to accept connections"));
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

    private static Process childJvm(Path tmpdir, String mode, Path output) throws IOException {
        return new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmpdir,
                "-cp", System.getProperty("java.class.path"),
                ServerProcess.class.getName(), mode)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
    }

    private static long awaitPostmasterPid(Process child, Path output) throws Exception {
        final long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < giveUp) {
            final Optional<String> line = Files.readAllLines(output).stream()
                    .filter(text -> text.startsWith("postmaster ")).findFirst();
            if (line.isPresent()) {
                return Long.parseLong(line.get().substring("postmaster ".length()));
            }
            assertThat(child.isAlive()).as("the first JVM runs: %s", Files.readString(output)).isTrue();
            Thread.sleep(100);
        }
        throw new AssertionError("the first JVM started no server within 120 s: " + Files.readString(output));
    }

    private static List<Path> list(Path directory) throws IOException {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.toList();
        }
    }

    /** A JVM that starts an embedded server and either keeps it running until killed, or stops it. */
    static final class ServerProcess {

        public static void main(String[] args) throws Exception {
            final EmbeddedPostgresServer server = EmbeddedPostgresServer.start(new EngineTarget(EngineKind.POSTGRES,
                    "17", new TreeMap<>(), ProviderKind.EMBEDDED, ""));
            if (args[0].equals("keep-running")) {
                System.out.println("postmaster " + ProcessHandle.current().children().findFirst().orElseThrow().pid());
                Thread.sleep(TimeUnit.MINUTES.toMillis(5));
            }
            server.close();
        }
    }
}
