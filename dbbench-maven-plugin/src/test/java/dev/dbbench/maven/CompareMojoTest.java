package dev.dbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A comparison's folder holds only what this comparison wrote, so a stopped one shows no earlier report. */
class CompareMojoTest {

    @TempDir
    Path temp;

    @Test
    void aNewComparisonRemovesTheEarlierReportRoundsAndLogsButLeavesTheWorktreeToBaseWorktree() throws IOException {
        final Path output = Files.createDirectories(temp.resolve("target/dbbench/compare"));
        Files.writeString(output.resolve("compare.md"), "| earlier |");
        Files.writeString(output.resolve("compare.json"), "{}");
        Files.writeString(output.resolve("compare.md.tmp"), "| half");
        Files.writeString(output.resolve("build-head.log"), "earlier build");
        Files.writeString(Files.createDirectories(output.resolve("rounds")).resolve("14-head.log"), "earlier round");
        final Path worktree = Files.createDirectories(output.resolve("base"));
        Files.writeString(worktree.resolve(".git"), "gitdir: elsewhere");

        CompareMojo.clearEarlier(output, worktree);

        try (Stream<Path> entries = Files.list(output)) {
            assertThat(entries).containsExactly(worktree);
        }
        assertThat(worktree.resolve(".git")).exists();
    }

    @Test
    void theFirstComparisonMakesItsFolder() throws IOException {
        final Path output = temp.resolve("target/dbbench/compare");

        CompareMojo.clearEarlier(output, output.resolve("base"));

        assertThat(output).isEmptyDirectory();
    }
}
