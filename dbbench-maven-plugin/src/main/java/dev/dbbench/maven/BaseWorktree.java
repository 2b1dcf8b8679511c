package dev.dbbench.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.logging.Log;

/**
 * The base of an A/B: the merge base of a ref and HEAD, checked out as a detached git worktree in a
 * folder under {@code target/}, and removed again on {@link #close()}, also when the comparison
 * failed. A folder left there by a comparison that was killed is removed before the new one.
 *
 * @param project the checkout's folder of the Maven project the goal runs in (the same path below
 *     the repository's root as in the head's)
 * @param headNote how the head differs from its commit: empty, or its uncommitted changes
 */
record BaseWorktree(Git git, Path folder, Path project, String ref, String commit, String headCommit,
        String headNote) implements AutoCloseable {

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
        git.output("worktree", "add", "--detach", folder.toString(), mergeBase.output());
        final Path relative = Path.of(top.output()).toRealPath().relativize(projectRoot.toRealPath());
        return new BaseWorktree(git, folder, folder.resolve(relative.toString()), ref, mergeBase.output(), head,
                changed == 0 ? "" : "HEAD plus uncommitted changes in " + changed + " file(s)");
    }

    /** Removes a worktree a killed comparison left at {@code folder}, and git's record of it. */
    private static void removeLeftover(Git git, Path folder, Log log) throws IOException {
        if (Files.exists(folder)) {
            log.info("dbbench: removing " + folder + ", left by an earlier comparison that did not finish");
            git.run("worktree", "remove", "--force", folder.toString());
            AbRounds.deleteRecursively(folder);
        }
        git.run("worktree", "prune");
    }

    @Override
    public void close() throws IOException {
        git.run("worktree", "remove", "--force", folder.toString());
        AbRounds.deleteRecursively(folder);
        git.run("worktree", "prune");
    }
}
