package dev.dbbench.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.dbbench.baseline.BaselineDiff;
import dev.dbbench.config.Invocation;
import dev.dbbench.config.Settings;
import dev.dbbench.env.RunId;

/**
 * Collects the results of a test run and, when it ends, prints their summary table and writes every
 * report format and the GitHub Actions job summary's table, when there is a job summary. The files
 * and that table also hold what the build's other test runs wrote ({@link SharedReportFiles}):
 * Surefire's parallel forks (and, on JUnit 5.12, which keeps no run per JVM, the test classes it hands
 * them one at a time); the console shows this run's alone.
 */
public final class RunReport implements AutoCloseable {

    private final Settings.ReportOptions options;
    private final RunId run;
    private final Optional<Path> jobSummary;
    private final PrintStream console;
    private final Instant startedAt = Instant.now();
    private final List<ReportedResult> results = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private List<BaselineDiff.Line> baselineChanges = List.of();
    private boolean closed;

    /**
     * @param run the run this JVM belongs to: the report files join the results of its test JVMs
     * @param jobSummary a file the build's Markdown table goes to, such as {@code $GITHUB_STEP_SUMMARY}
     */
    public RunReport(Settings.ReportOptions options, RunId run, Optional<Path> jobSummary, PrintStream console) {
        this.options = options;
        this.run = run;
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

    /** What an update run did to the baselines, shown in the job summary under the table. */
    public synchronized void baselineChanges(List<BaselineDiff.Line> lines) {
        baselineChanges = List.copyOf(lines);
    }

    @Override
    public synchronized void close() throws IOException {
        if (closed || results.isEmpty()) {
            closed = true;
            return;
        }
        closed = true;
        final Report own = new Report(startedAt, results,
                options.history().map(History::read).orElseGet(History::none), Invocation.current());
        final ReportFiles files = new ReportFiles(options.directory(), options.artifact());
        final SharedReportFiles.Written written = new SharedReportFiles(files, run, jobSummary).write(own,
                baselineChanges);
        final StringBuilder text = new StringBuilder("\ndbbench results\n").append(new ConsoleTable().render(own));
        ResultRows.settleLine(own.results()).ifPresent(line -> text.append(line).append('\n'));
        notes.forEach(note -> text.append(note).append('\n'));
        written.warning().ifPresent(warning -> text.append(warning).append('\n'));
        text.append("reports: ").append(options.directory().toAbsolutePath()).append(" (open ")
                .append(files.path(new HtmlReport()).toAbsolutePath()).append(')');
        if (written.others() > 0) {
            text.append("; report.html also holds the ").append(written.others())
                    .append(" result(s) this build's earlier test runs wrote");
        }
        text.append('\n');
        console.print(text);
        console.flush();
    }

    /** The job summary file GitHub Actions offers, when running there. */
    public static Optional<Path> githubJobSummary() {
        final String path = System.getenv("GITHUB_STEP_SUMMARY");
        return path == null || path.isBlank() ? Optional.empty() : Optional.of(Paths.get(path));
    }
}
