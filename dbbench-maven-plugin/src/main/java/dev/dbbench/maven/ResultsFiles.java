package dev.dbbench.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import dev.dbbench.report.Report;

/**
 * The results files a run wrote into one report directory: {@code results.json}, which holds the
 * results of every test JVM of the run, and {@code results-N.json}, which earlier versions wrote per
 * Surefire fork.
 */
final class ResultsFiles {

    private ResultsFiles() {
    }

    static List<Path> in(Path reportDirectory) throws IOException {
        if (!Files.isDirectory(reportDirectory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(reportDirectory)) {
            return files.filter(file -> file.getFileName().toString().matches("results(-[\\w.-]+)?\\.json"))
                    .sorted().toList();
        }
    }

    /** Every results file of the directory, read; a file that cannot be read is an error naming it. */
    static List<Report> read(Path reportDirectory) throws IOException {
        final List<Report> reports = new ArrayList<>();
        for (Path file : in(reportDirectory)) {
            reports.add(Report.read(file));
        }
        return reports;
    }
}
