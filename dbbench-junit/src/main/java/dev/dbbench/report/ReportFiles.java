package dev.dbbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.function.Function;

/**
 * Writes a report in every format of {@link ResultFormat#ALL} to one directory, and renders the
 * Markdown table for the GitHub Actions job summary with a line naming the artifact that holds the
 * HTML report. Used at the end of a run and by {@link MergeReports}.
 *
 * @param artifact the name CI uploads the directory under
 */
record ReportFiles(Path directory, String artifact) {

    Path path(ResultFormat format) {
        return directory.resolve(format.name() + "." + format.extension());
    }

    /** Writes every format. */
    void write(Report report) throws IOException {
        Files.createDirectories(directory);
        for (ResultFormat format : ResultFormat.ALL) {
            Files.writeString(path(format), format.render(report), StandardCharsets.UTF_8);
        }
    }

    /** Appends the report's {@link #summary} to the job summary, if there is one. */
    void summarize(Report report, Optional<Path> jobSummary) throws IOException {
        if (jobSummary.isPresent()) {
            Files.writeString(jobSummary.get(), summary(report), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        }
    }

    /** What the job summary shows of a report: its Markdown table and the line naming the artifact. */
    String summary(Report report) {
        return new MarkdownTable().render(report) + "\n" + artifactLine(System::getenv) + "\n";
    }

    /**
     * The job summary's pointer to the full report: the artifact's name and, on GitHub Actions, a
     * link to the run, whose page lists its artifacts.
     */
    String artifactLine(Function<String, String> environment) {
        final String server = environment.apply("GITHUB_SERVER_URL");
        final String repository = environment.apply("GITHUB_REPOSITORY");
        final String run = environment.apply("GITHUB_RUN_ID");
        final String where = server == null || repository == null || run == null ? "this run"
                : "[this run](" + server + "/" + repository + "/actions/runs/" + run + "#artifacts)";
        return "Charts, plans and history: `report.html` in the artifact **" + artifact + "** of " + where
                + " (also `jmh-result.json` and `bencher.json`).";
    }
}
