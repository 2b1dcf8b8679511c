package dev.dbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The base an A/B takes when none is named, in real repositories: an upstream project and a clone of it. */
class ImpliedBaseTest {

    @TempDir
    Path folder;

    private Path clone;
    private Git git;

    @BeforeEach
    void upstreamWhoseDefaultBranchIsTrunkAndAClone() throws IOException {
        final Path upstream = folder.resolve("upstream");
        Files.createDirectories(upstream);
        final Git project = new Git(upstream);
        project.output("init", "--quiet", "--initial-branch=trunk");
        commit(project, upstream, "first");
        new Git(folder).output("clone", "--quiet", upstream.toString(), "clone");
        clone = folder.resolve("clone");
        git = new Git(clone);
    }

    @Test
    void aBranchOfTheCloneIsComparedWithTheRemotesDefaultBranchNotALiteralMain() throws Exception {
        git.output("checkout", "--quiet", "-b", "faster-lookups");
        commit(git, clone, "a change");

        assertThat(ImpliedBase.find(git, Map.of()))
                .isEqualTo(new ImpliedBase("origin/trunk", "origin's default branch"));
    }

    @Test
    void aPullRequestIsComparedWithItsTargetBranch() throws Exception {
        git.output("checkout", "--quiet", "-b", "faster-lookups");

        assertThat(ImpliedBase.find(git, Map.of("GITHUB_BASE_REF", "release-2")))
                .isEqualTo(new ImpliedBase("origin/release-2", "the pull request's target branch (GITHUB_BASE_REF)"));
    }

    @Test
    void withoutADefaultBranchOnRecordTheUpstreamOfTheCurrentBranchIsTheBase() throws Exception {
        git.output("remote", "set-head", "origin", "--delete");
        commit(git, clone, "a local commit");

        assertThat(ImpliedBase.find(git, Map.of()))
                .isEqualTo(new ImpliedBase("origin/trunk", "the current branch's upstream"));
    }

    @Test
    void aLocalBranchOfAProjectPushedWithoutADefaultOnRecordIsComparedWithTheRemotesMain() throws Exception {
        final Path project = folder.resolve("pushed");
        Files.createDirectories(project);
        final Git pushed = new Git(project);
        pushed.output("init", "--quiet", "--initial-branch=main");
        commit(pushed, project, "first");
        new Git(folder).output("init", "--quiet", "--bare", "--initial-branch=main", "pushed-origin.git");
        pushed.output("remote", "add", "origin", folder.resolve("pushed-origin.git").toString());
        pushed.output("push", "--quiet", "origin", "main");
        pushed.output("checkout", "--quiet", "-b", "slower-orders");
        commit(pushed, project, "a change");

        assertThat(ImpliedBase.find(pushed, Map.of())).isEqualTo(new ImpliedBase("origin/main", "origin's main line"
                + " (it records no default branch; git remote set-head origin --auto records it)"));
    }

    @Test
    void theDefaultBranchItselfWithNothingUncommittedIsRefusedNamingHeadsParent() {
        assertThatThrownBy(() -> ImpliedBase.find(git, Map.of()))
                .isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("would compare HEAD with itself")
                .hasMessageContaining("origin/trunk (origin's default branch)")
                .hasMessageContaining("-Ddbbench.base=HEAD~1");
    }

    @Test
    void theDefaultBranchWithAnUncommittedChangeIsComparedWithItsCommit() throws Exception {
        Files.writeString(clone.resolve("file.txt"), "an edit not yet committed\n");

        assertThat(ImpliedBase.find(git, Map.of()).ref()).isEqualTo("origin/trunk");
    }

    @Test
    void aRepositoryWithNoRemoteAndNoUpstreamIsToldHowToNameTheBase() throws IOException {
        final Path alone = folder.resolve("alone");
        Files.createDirectories(alone);
        final Git single = new Git(alone);
        single.output("init", "--quiet");
        commit(single, alone, "first");

        assertThatThrownBy(() -> ImpliedBase.find(single, Map.of()))
                .isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("found no base to compare against")
                .hasMessageContaining("git remote set-head origin --auto")
                .hasMessageContaining("-Ddbbench.base=<branch, tag or commit>");
    }

    private static void commit(Git repository, Path checkout, String message) throws IOException {
        Files.writeString(checkout.resolve("file.txt"), message + "\n");
        repository.output("add", "file.txt");
        repository.output("-c", "user.name=dbbench", "-c", "user.email=dbbench@localhost", "commit", "--quiet",
                "-m", message);
    }
}
