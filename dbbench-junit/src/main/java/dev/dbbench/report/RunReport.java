package dev.dbbench.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.dbbench.config.Invocation;
import dev.dbbench.config.Settings;

/**
 * Collects the results of a test run and, when the run ends, prints the summary table and writes
 * every report format (and the GitHub Actions job summary when there is one).
 */
public final class RunReport implements AutoCloseable {

    private final Settings.ReportOptions options;
    private final String fileSuffix;
    private final Optional<Path> jobSummary;
    private final PrintStream console;
    private final Instant startedAt = Instant.now();
    private final List<ReportedResult> results = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private boolean closed;

    /**
     * @param fileSuffix distinguishes the files of parallel test JVMs (Surefire forks); may be empty
     * @param jobSummary a file the Markdown table is appended to, such as {@code $GITHUB_STEP_SUMMARY}
     */
    public RunReport(Settings.ReportOptions options, String fileSuffix, Optional<Path> jobSummary,
            PrintStream console) {
        this.options = options;
        this.fileSuffix = fileSuffix;
        this.jobSummary = jobSummary;
        this.console = console;
    }

    /** Adds a finished benchmark's result, rendered once: its messages and the reports read the same model. */
    public synchronized void add(ReportedResult result) {
        results.add(result);
    }

    /** A line printed under the table, such as how long a server took to start. */
    public synchronized void note(String line) {
        notes.add(line);
    }

    @Override
    public synchronized void close() throws IOException {
        if (closed || results.isEmpty()) {
            closed = true;
            return;
        }
        closed = true;
        final Report report = new Report(startedAt, results,
                options.history().map(History::read).orElseGet(History::none), Invocation.current());
        final ReportFiles files = new ReportFiles(options.directory(), fileSuffix, options.artifact());
        final String table = files.write(report, jobSummary);
        final StringBuilder text = new StringBuilder("\ndbbench results\n").append(table);
        notes.forEach(note -> text.append(note).append('\n'));
        text.append("reports: ").append(options.directory().toAbsolutePath()).append(" (open ")
                .append(files.path(new HtmlReport()).toAbsolutePath()).append(")\n");
        console.print(text);
        console.flush();
    }

    /** The job summary file GitHub Actions offers, when running there. */
    public static Optional<Path> githubJobSummary() {
        final String path = System.getenv("GITHUB_STEP_SUMMARY");
        return path == null || path.isBlank() ? Optional.empty() : Optional.of(Paths.get(path));
    }
}
