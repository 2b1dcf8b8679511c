package dev.dbbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The GitHub Actions job summary: the Markdown table, and where the full report is. */
class JobSummaryTest {

    @TempDir
    Path temp;

    @Test
    void theSummaryGetsTheTableAndALineNamingTheArtifactThatHoldsTheReport() throws Exception {
        final Path summary = temp.resolve("step-summary.md");
        final ReportFiles files = new ReportFiles(temp.resolve("dbbench"), "dbbench-reports-junit-6.1.3");

        files.summarize(Report.of(SyntheticResults.generate(3, 61), Instant.now()), Optional.of(summary));

        assertThat(Files.readString(summary)).startsWith("### dbbench results\n")
                .contains("in the artifact **dbbench-reports-junit-6.1.3** of ");
    }

    @Test
    void onGitHubActionsTheLineLinksToTheRunsArtifacts() {
        final Map<String, String> github = Map.of("GITHUB_SERVER_URL", "https://github.com",
                "GITHUB_REPOSITORY", "acme/orders", "GITHUB_RUN_ID", "4242");
        final ReportFiles files = new ReportFiles(temp, "dbbench-report");

        assertThat(files.artifactLine(github::get)).isEqualTo("Charts, plans and history: `report.html` in the"
                + " artifact **dbbench-report** of [this run](https://github.com/acme/orders/actions/runs/4242#artifacts)"
                + " (also `jmh-result.json` and `bencher.json`).");
        assertThat(files.artifactLine(name -> null)).contains("of this run (");
    }
}
