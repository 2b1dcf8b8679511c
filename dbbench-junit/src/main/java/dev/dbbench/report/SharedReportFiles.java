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
import java.util.stream.Collectors;

import dev.dbbench.env.RunId;

/**
 * The report directory the test JVMs of one run share, such as Surefire's parallel forks: as each
 * JUnit run of them ends, it joins its results with those written there earlier in the run and
 * writes every format, under an exclusive file lock, so two JVMs ending together never lose each
 * other's results. A marker file names the run that wrote the files; files of another run (an
 * earlier build) are replaced, not joined.
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

    SharedReportFiles(ReportFiles files, RunId run) {
        this.files = files;
        this.run = run;
    }

    /** Writes every format of this report joined with what was written earlier in the run. */
    Written write(Report own) throws IOException {
        Files.createDirectories(files.directory());
        // A JVM may not hold a file's lock twice, so its own test runs take turns here first.
        synchronized (SharedReportFiles.class) {
            try (FileChannel channel = FileChannel.open(files.directory().resolve(LOCK), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
                final Written written = joined(own);
                files.write(written.report());
                Files.writeString(files.directory().resolve(MARKER), run.stored() + "\n", StandardCharsets.UTF_8);
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
        final Set<String> measuredHere = own.results().stream().map(ReportedResult::fullName)
                .collect(Collectors.toSet());
        final List<ReportedResult> results = new ArrayList<>();
        earlier.results().stream().filter(result -> !measuredHere.contains(result.fullName())).forEach(results::add);
        results.addAll(own.results());
        final Instant recordedAt = earlier.recordedAt().isBefore(own.recordedAt()) ? earlier.recordedAt()
                : own.recordedAt();
        return new Report(recordedAt, results, own.history(), own.invocation());
    }
}
