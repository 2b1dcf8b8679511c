package dev.dbbench.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A test JVM stopped (Ctrl-C, SIGTERM) while an embedded server starts leaves neither its folder nor a process. */
class PostgresProcessStopTest {

    @TempDir
    Path temp;

    @Test
    void aJvmStoppedWhileItsServersClusterIsMadeLeavesNoHalfMadeServerFolder() throws Exception {
        // Its own temporary directory: no template yet, so the server's folder exists for all of initdb's run.
        final Path tmpdir = Files.createDirectory(temp.resolve("tmp"));
        final Path home = tmpdir.resolve("dbbench-postgres-" + System.getProperty("user.name"));
        final Path output = temp.resolve("starting.out");
        final Process jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmpdir, "-cp", System.getProperty("java.class.path"),
                StartingCase.class.getName())
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        final long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (list(home.resolve("servers")).isEmpty()) {
            assertThat(jvm.isAlive()).as("the JVM starts its server: %s", Files.readString(output)).isTrue();
            assertThat(System.nanoTime()).as("a server folder within 60 s").isLessThan(giveUp);
            Thread.sleep(20);
        }

        jvm.destroy();

        assertThat(jvm.waitFor(90, TimeUnit.SECONDS)).as("the stopped JVM exited").isTrue();
        final List<ProcessHandle> orphans = ProcessHandle.allProcesses()
                .filter(process -> process.info().commandLine().orElse("").contains(tmpdir.toString())).toList();
        try {
            orphans.forEach(PostgresProcessStopTest::awaitExit);
            assertThat(orphans).as("processes of %s still running", tmpdir).noneMatch(ProcessHandle::isAlive);
            assertThat(list(home.resolve("servers"))).as("server folders, after: %s", Files.readString(output))
                    .isEmpty();
            assertThat(list(home.resolve("clusters")))
                    .noneMatch(path -> path.getFileName().toString().startsWith("making-"));
        } finally {
            orphans.forEach(ProcessHandle::destroyForcibly);
        }
    }

    /** An initdb the stopped JVM left running ends on its own within seconds; a server would not. */
    private static void awaitExit(ProcessHandle process) {
        try {
            process.onExit().get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // Still running: the assertion names it.
        }
    }

    private static List<Path> list(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.toList();
        }
    }

    /** A JVM that starts an embedded server, and would stop it. */
    static final class StartingCase {

        public static void main(String[] args) throws Exception {
            EmbeddedPostgresServer.start(new EngineTarget(EngineKind.POSTGRES, "17", new TreeMap<>(),
                    ProviderKind.EMBEDDED, "")).close();
        }
    }
}
