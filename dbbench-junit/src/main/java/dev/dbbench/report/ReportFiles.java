package dev.dbbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.function.Function;

/**
 * Writes a report in every format of {@link ResultFormat#ALL} to one directory, and appends the
 * Markdown table to the GitHub Actions job summary with a line naming the artifact that holds the
 * HTML report. Used at the end of a run and by {@link MergeReports}.
 *
 * @param suffix distinguishes the files of parallel test JVMs (Surefire forks); may be empty
 * @param artifact the name CI uploads the directory under
 */
record ReportFiles(Path directory, String suffix, String artifact) {

    Path path(ResultFormat format) {
        return directory.resolve(format.name() + suffix + "." + format.extension());
    }

    /** Writes every format and, where given, the job summary; returns the console table. */
    String write(Report report, Optional<Path> jobSummary) throws IOException {
        Files.createDirectories(directory);
        String table = "";
        for (ResultFormat format : ResultFormat.ALL) {
            final String rendered = format.render(report);
            Files.writeString(path(format), rendered, StandardCharsets.UTF_8);
            if (format instanceof ConsoleTable) {
                table = rendered;
            }
            if (format instanceof MarkdownTable && jobSummary.isPresent()) {
                Files.writeString(jobSummary.get(), rendered + "\n" + artifactLine(System::getenv) + "\n",
                        StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
        }
        return table;
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
        return "Charts, plans and history: `report" + suffix + ".html` in the artifact **" + artifact + "** of "
                + where + " (also `jmh-result" + suffix + ".json` and `bencher" + suffix + ".json`).";
    }
}
