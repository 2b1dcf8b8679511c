package dev.dbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The base's worktree goes when the comparison ends, and when Maven is stopped (Ctrl-C, a CI timeout). */
class BaseWorktreeTest {

    @TempDir
    Path temp;

    @Test
    void aMavenStoppedDuringARoundLeavesNeitherTheWorktreeNorGitsRecordOfIt() throws Exception {
        final Path repository = repository();
        final Path folder = repository.resolve("target/dbbench/compare/base");
        final Path output = temp.resolve("stopped.out");
        final Path roundEnded = temp.resolve("round-ended");
        final Process maven = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), StoppedCase.class.getName(), repository.toString(),
                folder.toString(), roundEnded.toString())
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        awaitLine(maven, output, "round running");

        // SIGTERM, as a CI job's timeout sends; Ctrl-C's SIGINT runs the same shutdown hooks.
        maven.destroy();

        assertThat(maven.waitFor(30, TimeUnit.SECONDS)).as("the stopped Maven exited").isTrue();
        final long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!Files.exists(roundEnded) && System.nanoTime() < giveUp) {
            Thread.sleep(50);
        }
        assertThat(roundEnded).as("the round's end, after: %s", Files.readString(output)).exists();
        assertThat(folder).as("the worktree, after: %s", Files.readString(output)).doesNotExist();
        assertThat(worktrees(repository)).containsExactly("worktree " + repository.toRealPath());
    }

    @Test
    void closingRemovesTheWorktreeAndItsShutdownHookAndClosingTwiceIsHarmless() throws Exception {
        final Path repository = repository();
        final BaseWorktree worktree = BaseWorktree.create(repository, "base",
                repository.resolve("target/dbbench/compare/base"), new SystemStreamLog());
        assertThat(worktree.project().resolve("file.txt")).hasContent("base");

        worktree.close();
        worktree.close();

        assertThat(worktree.folder()).doesNotExist();
        assertThat(worktrees(repository)).hasSize(1);
        assertThat(Runtime.getRuntime().removeShutdownHook(worktree.removal())).as("the hook was still registered")
                .isFalse();
    }

    /** A repository whose branch {@code base} is one commit behind the checked-out {@code head}. */
    private Path repository() throws IOException {
        final Path repository = Files.createDirectory(temp.resolve("repository"));
        final Git git = new Git(repository);
        git.output("init", "-q", "-b", "base");
        Files.writeString(repository.resolve("file.txt"), "base");
        commit(git, "base");
        git.output("checkout", "-q", "-b", "head");
        Files.writeString(repository.resolve("file.txt"), "head");
        commit(git, "head");
        return repository;
    }

    private static void commit(Git git, String message) throws IOException {
        git.output("add", "-A");
        git.output("-c", "user.name=dbbench", "-c", "user.email=dbbench@example.com", "commit", "-q", "-m", message);
    }

    private static List<String> worktrees(Path repository) throws IOException {
        return new Git(repository).output("worktree", "list", "--porcelain").lines()
                .filter(line -> line.startsWith("worktree ")).toList();
    }

    private static void awaitLine(Process child, Path output, String line) throws Exception {
        final long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readAllLines(output).contains(line)) {
            assertThat(child.isAlive()).as("the child runs: %s", Files.readString(output)).isTrue();
            assertThat(System.nanoTime()).as("'%s' within 60 s: %s", line, Files.readString(output)).isLessThan(giveUp);
            Thread.sleep(50);
        }
    }

    /**
     * A comparison as {@link CompareMojo} runs it: the base checked out, then a round forked in it that
     * takes a second to stop and writes into the worktree meanwhile, as a dying test JVM writes its reports;
     * it touches the file {@code args[2]} when it has ended.
     */
    static final class StoppedCase {

        public static void main(String[] args) throws Exception {
            final BaseWorktree worktree = BaseWorktree.create(Path.of(args[0]), "base", Path.of(args[1]),
                    new SystemStreamLog());
            final String round = "trap 'sleep 1; mkdir -p \"$1/target\"; echo late > \"$1/target/report\"; touch \"$2\";"
                    + " exit 143' TERM; echo round running; while :; do sleep 0.1; done";
            new MavenFork(Path.of("/bin/sh"), List.of()).run(List.of("-c", round, "sh", worktree.folder().toString(),
                    args[2]), worktree.folder(), Optional.empty());
            worktree.close();
        }
    }
}
