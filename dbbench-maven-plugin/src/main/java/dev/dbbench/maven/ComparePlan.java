package dev.dbbench.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import dev.dbbench.report.Report;
import dev.dbbench.report.ReportedResult;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.project.MavenProject;

/**
 * Which benchmarks the A/B runs, per module of the reactor: those named with
 * {@code dbbench.compare.benchmarks}, or by default those whose timing verdict was suspect in the
 * head's last run (a timing metric with verdict REGRESSION or INCONCLUSIVE in its results files,
 * whatever the gate decided).
 */
final class ComparePlan {

    /** The verdicts that make a timing figure worth an A/B. */
    static final Set<String> SUSPECT = Set.of("REGRESSION", "INCONCLUSIVE");

    /** One module's part: its benchmarks and the results of its last run. */
    record Module(MavenProject project, List<BenchmarkPattern> benchmarks, List<Report> headRun) {
    }

    private ComparePlan() {
    }

    /**
     * @param named the benchmarks named on the command line; empty for the suspect ones
     * @param reportDirectory each module's report directory, relative to the module's folder
     */
    static List<Module> of(List<MavenProject> projects, Optional<List<BenchmarkPattern>> named,
            String reportDirectory) throws IOException, MojoExecutionException {
        final List<Module> modules = new ArrayList<>();
        final List<BenchmarkPattern> found = new ArrayList<>();
        for (MavenProject project : projects) {
            final List<Report> reports = ResultsFiles.read(project.getBasedir().toPath().resolve(reportDirectory));
            final List<BenchmarkPattern> chosen = new ArrayList<>();
            if (named.isPresent()) {
                for (BenchmarkPattern pattern : named.get()) {
                    if (inResults(reports, pattern) || inTestSources(project, pattern)) {
                        chosen.add(pattern);
                    }
                }
            } else {
                suspects(reports).stream().filter(pattern -> !chosen.contains(pattern)).forEach(chosen::add);
            }
            if (!chosen.isEmpty()) {
                modules.add(new Module(project, chosen, reports));
                found.addAll(chosen);
            }
        }
        if (named.isPresent()) {
            final List<BenchmarkPattern> unmatched = named.get().stream().filter(pattern -> !found.contains(pattern))
                    .toList();
            if (!unmatched.isEmpty()) {
                throw new MojoExecutionException("dbbench.compare.benchmarks names " + unmatched + ", which matches no"
                        + " benchmark: no results file under " + reportDirectory + " of any module reports it and no"
                        + " module's test sources declare the class. Name benchmarks as Class#method (the class's"
                        + " simple or qualified name) or Class.");
            }
        }
        return modules;
    }

    private static List<BenchmarkPattern> suspects(List<Report> reports) {
        final List<BenchmarkPattern> suspects = new ArrayList<>();
        for (Report report : reports) {
            for (ReportedResult result : report.results()) {
                final boolean suspect = result.metrics().stream()
                        .anyMatch(metric -> metric.gating().equals("TIMING") && SUSPECT.contains(metric.verdict()));
                if (suspect && !suspects.contains(BenchmarkPattern.of(result))) {
                    suspects.add(BenchmarkPattern.of(result));
                }
            }
        }
        return suspects;
    }

    private static boolean inResults(List<Report> reports, BenchmarkPattern pattern) {
        return reports.stream().flatMap(report -> report.results().stream()).anyMatch(pattern::matches);
    }

    /** Whether a test source root of the module holds the class (its file, by the class's name). */
    private static boolean inTestSources(MavenProject project, BenchmarkPattern pattern) throws IOException {
        final String className = pattern.className();
        // A nested class lives in its outer class's file.
        final String outer = className.contains("$") ? className.substring(0, className.indexOf('$')) : className;
        final String file = outer.replace('.', '/') + ".java";
        for (String root : project.getTestCompileSourceRoots()) {
            final Path folder = Path.of(root);
            if (Files.isDirectory(folder)) {
                try (Stream<Path> paths = Files.walk(folder)) {
                    if (paths.anyMatch(path -> path.toString().replace('\\', '/').endsWith("/" + file))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
