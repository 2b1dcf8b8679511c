package dev.dbbench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.dbbench.baseline.BaselineDiff;
import dev.dbbench.env.RunId;

/**
 * The report directory the test JVMs of one run share, such as Surefire's parallel forks: as each
 * JUnit run of them ends, it joins its results with those written there earlier in the run and
 * writes every format, under an exclusive file lock, so two JVMs ending together never lose each
 * other's results. A marker file names the run that wrote the files; files of another run (an
 * earlier build) are replaced, not joined. Under the same lock the joined results go to the job
 * summary ({@link JobSummary}), in place of the table the run's earlier JUnit runs wrote there.
 */
final class SharedReportFiles {

    /** The file the JVMs of a run lock while they read and write the directory. */
    static final String LOCK = ".results.lock";

    /** The file naming the run whose results the directory holds. */
    static final String MARKER = ".run";

    /**
     * What a test run wrote.
     *
     * @param report what the files hold: these results and those written earlier in the run
     * @param others how many of the report's results were written earlier in the run
     * @param warning why the results written earlier could not be kept, when they could not
     */
    record Written(Report report, int others, Optional<String> warning) {
    }

    private final ReportFiles files;
    private final RunId run;
    private final Optional<Path> jobSummary;

    /** @param jobSummary a file the joined results' Markdown table goes to, such as {@code $GITHUB_STEP_SUMMARY} */
    SharedReportFiles(ReportFiles files, RunId run, Optional<Path> jobSummary) {
        this.files = files;
        this.run = run;
        this.jobSummary = jobSummary;
    }

    /**
     * Writes every format of this report joined with what was written earlier in the run, and the
     * joined table with these baseline changes and the run's earlier ones to the job summary.
     */
    Written write(Report own, List<BaselineDiff.Line> baselineChanges) throws IOException {
        Files.createDirectories(files.directory());
        // A JVM may not hold a file's lock twice, so its own test runs take turns here first.
        synchronized (SharedReportFiles.class) {
            try (FileChannel channel = FileChannel.open(files.directory().resolve(LOCK), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
                final Written written = joined(own);
                files.write(written.report());
                Files.writeString(files.directory().resolve(MARKER), run.stored() + "\n", StandardCharsets.UTF_8);
                if (jobSummary.isPresent()) {
                    // Results that could not be read stay in the summary: the part showing them is kept.
                    new JobSummary(files.directory(), run, jobSummary.get()).write(files.summary(written.report()),
                            baselineChanges, written.warning().isEmpty());
                }
                return written;
            }
        }
    }

    private Written joined(Report own) {
        final Path results = files.path(new JsonResults());
        if (!writtenByThisRun() || !Files.exists(results)) {
            return new Written(own, 0, Optional.empty());
        }
        final Report earlier;
        try {
            earlier = Report.read(results);
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            return new Written(own, 0, Optional.of("dbbench: WARNING: " + results.toAbsolutePath() + ", written"
                    + " earlier in this build, cannot be read (" + e.getMessage() + "). The report files now hold the "
                    + own.results().size() + " result(s) above alone; the earlier results are only in the console"
                    + " tables printed before."));
        }
        final Report report = join(earlier, own);
        return new Written(report, report.results().size() - own.results().size(), Optional.empty());
    }

    private boolean writtenByThisRun() {
        try {
            return Files.readString(files.directory().resolve(MARKER), StandardCharsets.UTF_8).trim()
                    .equals(run.stored());
        } catch (IOException e) {
            // No marker: the files, if any, are an earlier dbbench's or another run's.
            return false;
        }
    }

    /**
     * The earlier results and these, recorded when the first began, started as these were; a
     * benchmark both hold is this report's.
     */
    static Report join(Report earlier, Report own) {
        final List<ReportedResult> results = join(earlier.results(), own.results(), ReportedResult::fullName);
        final Instant recordedAt = earlier.recordedAt().isBefore(own.recordedAt()) ? earlier.recordedAt()
                : own.recordedAt();
        return new Report(recordedAt, results, own.history(), own.invocation());
    }

    /** The earlier items, but for those of the same identity as one of these, then these. */
    static <T> List<T> join(List<T> earlier, List<T> own, Function<T, ?> identity) {
        final Set<Object> here = own.stream().map(identity).collect(Collectors.toSet());
        final List<T> joined = new ArrayList<>();
        earlier.stream().filter(item -> !here.contains(identity.apply(item))).forEach(joined::add);
        joined.addAll(own);
        return joined;
    }
}
