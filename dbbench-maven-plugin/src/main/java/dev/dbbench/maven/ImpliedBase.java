package dev.dbbench.maven;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.maven.plugin.MojoExecutionException;

/**
 * The ref an A/B compares against when {@code dbbench.base} is not given, found from git as a reviewer
 * would pick it: the pull request's target branch, else the branch the remote's default is, else the
 * remote's {@code main} or {@code master}, else the current branch's upstream. A literal {@code origin/main} is wrong in a fork, a project whose default
 * is {@code master}, or a clone of someone else's repository.
 *
 * @param ref what {@code git worktree add} checks out the merge base of
 * @param reason why this ref, said in the goal's first line
 */
record ImpliedBase(String ref, String reason) {

    /** The CI variables that name the branch a pull (merge) request goes into. */
    private static final List<String> TARGET_VARIABLES = List.of("GITHUB_BASE_REF",
            "CI_MERGE_REQUEST_TARGET_BRANCH_NAME", "BITBUCKET_PR_DESTINATION_BRANCH");

    /** The names a remote's main line goes by, when the remote records no default branch. */
    private static final List<String> MAIN_BRANCHES = List.of("main", "master");

    static ImpliedBase find(Git git, Map<String, String> environment) throws IOException, MojoExecutionException {
        final String remote = remote(git);
        for (String variable : TARGET_VARIABLES) {
            final String target = environment.getOrDefault(variable, "").strip();
            if (!target.isEmpty()) {
                return new ImpliedBase(remote + "/" + target, "the pull request's target branch (" + variable + ")");
            }
        }
        final Git.Result remoteDefault = git.run("rev-parse", "--abbrev-ref", remote + "/HEAD");
        final Git.Result upstream = git.run("rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}");
        Optional<String> mainBranch = Optional.empty();
        for (String name : MAIN_BRANCHES) {
            if (mainBranch.isEmpty() && git.run("rev-parse", "--verify", "--quiet", "refs/remotes/" + remote + "/"
                    + name).succeeded()) {
                mainBranch = Optional.of(remote + "/" + name);
            }
        }
        final ImpliedBase implied;
        if (remoteDefault.succeeded() && !remoteDefault.output().equals(remote + "/HEAD")) {
            implied = new ImpliedBase(remoteDefault.output(), remote + "'s default branch");
        } else if (mainBranch.isPresent()) {
            implied = new ImpliedBase(mainBranch.get(), remote + "'s main line (it records no default branch; git"
                    + " remote set-head " + remote + " --auto records it)");
        } else if (upstream.succeeded()) {
            implied = new ImpliedBase(upstream.output(), "the current branch's upstream");
        } else {
            throw new MojoExecutionException("dbbench:compare found no base to compare against: no pull request"
                    + " (" + String.join(", ", TARGET_VARIABLES) + " unset), no default branch of remote '" + remote
                    + "' (git remote set-head " + remote + " --auto sets it), no " + remote + "/main or master and no upstream"
                    + " of the current branch."
                    + " Name it: -Ddbbench.base=<branch, tag or commit>");
        }
        requireOtherCode(git, implied);
        return implied;
    }

    /**
     * Refuses a base that is HEAD's own commit while nothing is uncommitted, as on the default branch
     * itself: both sides would run the same code, an A/A nobody asked for.
     */
    private static void requireOtherCode(Git git, ImpliedBase implied) throws IOException, MojoExecutionException {
        final Git.Result mergeBase = git.run("merge-base", implied.ref(), "HEAD");
        final boolean clean = git.output("status", "--porcelain", "--untracked-files=no").isEmpty();
        if (mergeBase.succeeded() && mergeBase.output().equals(git.output("rev-parse", "HEAD")) && clean) {
            throw new MojoExecutionException("dbbench:compare would compare HEAD with itself: it is the merge base"
                    + " of " + implied.ref() + " (" + implied.reason() + ") and nothing is uncommitted. Name the base"
                    + " of the change: -Ddbbench.base=HEAD~1 for the last commit, or a branch, tag or commit");
        }
    }

    /** The remote of the current branch's upstream, else {@code origin}, else the repository's only remote. */
    private static String remote(Git git) throws IOException {
        final Git.Result branch = git.run("symbolic-ref", "--quiet", "--short", "HEAD");
        final Optional<String> tracked = branch.succeeded()
                ? Optional.of(git.run("config", "branch." + branch.output() + ".remote"))
                        .filter(Git.Result::succeeded).map(Git.Result::output).filter(name -> !name.equals("."))
                : Optional.empty();
        if (tracked.isPresent()) {
            return tracked.get();
        }
        final List<String> remotes = git.output("remote").lines().toList();
        return remotes.size() == 1 ? remotes.get(0) : "origin";
    }
}
