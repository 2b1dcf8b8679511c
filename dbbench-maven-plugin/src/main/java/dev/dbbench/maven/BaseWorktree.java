package dev.dbbench.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.logging.Log;

/**
 * The base of an A/B: the merge base of a ref and HEAD, checked out as a detached git worktree in a
 * folder under {@code target/}, and removed again on {@link #close()}, also when the comparison
 * failed, or by a shutdown hook when Maven is stopped (Ctrl-C, a CI job's timeout). A folder left
 * there by a comparison that was killed (kill -9 runs no hook) is removed before the new one.
 *
 * @param project the checkout's folder of the Maven project the goal runs in (the same path below
 *     the repository's root as in the head's)
 * @param headNote how the head differs from its commit: empty, or its uncommitted changes
 * @param removal the shutdown hook that removes the worktree, registered while it exists
 */
record BaseWorktree(Git git, Path folder, Path project, String ref, String commit, String headCommit,
        String headNote, Thread removal) implements AutoCloseable {

    /**
     * How long a stopped Maven's hook waits for its forks to end before it removes the worktree they
     * run in: a round's test JVM stops its servers in a few seconds (at most 10 s per stop mode).
     */
    private static final Duration FORKS_STOP = Duration.ofSeconds(30);

    static BaseWorktree create(Path projectRoot, String ref, Path folder, Log log) throws MojoExecutionException,
            IOException {
        final Git git = new Git(projectRoot);
        final Git.Result top = git.run("rev-parse", "--show-toplevel");
        if (!top.succeeded()) {
            throw new MojoExecutionException(projectRoot + " is not inside a git repository (" + top.output()
                    + "): dbbench:compare checks the base commit out of the project's repository");
        }
        if (!git.run("rev-parse", "--verify", "--quiet", ref + "^{commit}").succeeded()) {
            throw new MojoExecutionException("dbbench.base=" + ref + " names no commit of the repository at "
                    + top.output() + ": give a branch, tag or commit it holds (in CI fetch it first, e.g."
                    + " git fetch origin " + ref + ", or check out with fetch-depth: 0)");
        }
        final String head = git.output("rev-parse", "HEAD");
        final Git.Result mergeBase = git.run("merge-base", ref, "HEAD");
        if (!mergeBase.succeeded()) {
            throw new MojoExecutionException(ref + " and HEAD have no common ancestor in " + top.output()
                    + (Files.exists(Path.of(top.output(), ".git", "shallow")) ? ": the clone is shallow; fetch the"
                    + " history (git fetch --unshallow, or fetch-depth: 0 in actions/checkout)" : ""));
        }
        final long changed = git.output("status", "--porcelain", "--untracked-files=no").lines().count();
        removeLeftover(git, folder, log);
        Files.createDirectories(folder.getParent());
        final Thread removal = new Thread(() -> removeOnShutdown(git, folder), "dbbench-remove-base-worktree");
        // Registered before git checks the base out, so that a Ctrl-C during the checkout removes it too.
        Runtime.getRuntime().addShutdownHook(removal);
        try {
            git.output("worktree", "add", "--detach", folder.toString(), mergeBase.output());
            final Path relative = Path.of(top.output()).toRealPath().relativize(projectRoot.toRealPath());
            return new BaseWorktree(git, folder, folder.resolve(relative.toString()), ref, mergeBase.output(), head,
                    changed == 0 ? "" : "HEAD plus uncommitted changes in " + changed + " file(s)", removal);
        } catch (IOException | RuntimeException e) {
            remove(git, folder, removal);
            throw e;
        }
    }

    /** Removes a worktree a killed comparison left at {@code folder}, and git's record of it. */
    private static void removeLeftover(Git git, Path folder, Log log) throws IOException {
        if (Files.exists(folder)) {
            log.info("dbbench: removing " + folder + ", left by an earlier comparison that did not finish");
        }
        remove(git, folder);
    }

    /**
     * The shutdown hook's work: waits for this Maven's forks, which its other hook stops at the same time
     * (see {@link MavenFork}), so that no dying round writes into the folder being deleted, then removes it.
     */
    private static void removeOnShutdown(Git git, Path folder) {
        final CompletableFuture<?>[] forks = ProcessHandle.current().descendants().map(ProcessHandle::onExit)
                .toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(forks).get(FORKS_STOP.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // A fork that has not ended by then is stuck; the folder is removed all the same.
        }
        try {
            remove(git, folder);
        } catch (IOException | RuntimeException e) {
            // Maven is exiting; the next comparison removes what is left (removeLeftover).
        }
    }

    /** Removes the worktree and its shutdown hook, unless the hook runs already or did so before. */
    private static void remove(Git git, Path folder, Thread removal) throws IOException {
        try {
            if (!Runtime.getRuntime().removeShutdownHook(removal)) {
                return;
            }
        } catch (IllegalStateException shuttingDown) {
            // Maven is being stopped: the hook removes the worktree once the rounds' processes are gone.
            return;
        }
        remove(git, folder);
    }

    private static void remove(Git git, Path folder) throws IOException {
        git.run("worktree", "remove", "--force", folder.toString());
        AbRounds.deleteRecursively(folder);
        git.run("worktree", "prune");
    }

    /** Closing twice is harmless: the second close finds no hook to remove and leaves the folder alone. */
    @Override
    public void close() throws IOException {
        remove(git, folder, removal);
    }
}
