package dev.dbbench.maven;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.dbbench.report.Report;
import dev.dbbench.report.ReportedResult;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * {@code mvn dbbench:accept}: updates the baselines of the benchmarks that failed in the last run
 * (its results files in each module's report directory), by running them again in update mode with
 * the profiles and properties that run was started with, which {@code results.json} records (so a
 * run made with {@code -Pexamples} or {@code -Ddbbench.provider=embedded} updates the entries it was
 * judged against, not entries of another target). It forks
 * {@code mvn verify -Ddbbench.baseline.mode=update -Dtest=...} from the top-level project, limited to
 * the modules that hold the benchmarks; review and commit the changed baseline files afterwards.
 */
@Mojo(name = "accept", aggregator = true, threadSafe = true)
public class AcceptMojo extends ResultsMojo {

    /**
     * The benchmarks to accept, {@code Class#method} or {@code Class}, comma-separated; by default every
     * benchmark that failed in the last run. A named one need not have failed, but must be in the run's
     * results.
     */
    @Parameter(property = "dbbench.accept.benchmarks")
    private String benchmarks;


    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        try {
            final Optional<List<BenchmarkPattern>> named = Optional.ofNullable(benchmarks).filter(list -> !list.isBlank())
                    .map(list -> BenchmarkPattern.parseAll(list, "dbbench.accept.benchmarks"));
            final Path root = session.getTopLevelProject().getBasedir().toPath();
            final List<String> modules = new ArrayList<>();
            final Set<BenchmarkPattern> accepted = new LinkedHashSet<>();
            final List<Report> runs = new ArrayList<>();
            for (MavenProject project : reactorProjects) {
                final List<Report> reports = ResultsFiles.read(project.getBasedir().toPath().resolve(reportDirectory));
                final Set<BenchmarkPattern> chosen = chosen(reports, named);
                if (!chosen.isEmpty()) {
                    accepted.addAll(chosen);
                    runs.addAll(reports);
                    modules.add(root.relativize(project.getBasedir().toPath()).toString());
                }
            }
            check(named, accepted);
            if (accepted.isEmpty()) {
                getLog().info("dbbench: nothing to accept: no benchmark failed in the last run (" + reportDirectory
                        + "/results.json of each module). Name benchmarks with -Ddbbench.accept.benchmarks=Class#method"
                        + " to update them anyway.");
                return;
            }
            accept(root, modules, new ArrayList<>(accepted), runs);
        } catch (IOException | IllegalArgumentException e) {
            throw new MojoExecutionException("dbbench:accept: " + e.getMessage(), e);
        }
    }

    /** The module's benchmarks to accept: the named ones its results hold, or the ones that failed. */
    private static Set<BenchmarkPattern> chosen(List<Report> reports, Optional<List<BenchmarkPattern>> named) {
        final Set<BenchmarkPattern> chosen = new LinkedHashSet<>();
        for (Report report : reports) {
            for (ReportedResult result : report.results()) {
                if (named.isPresent()) {
                    named.get().stream().filter(pattern -> pattern.matches(result)).forEach(chosen::add);
                } else if (result.failed()) {
                    chosen.add(BenchmarkPattern.of(result));
                }
            }
        }
        return chosen;
    }

    private void check(Optional<List<BenchmarkPattern>> named, Set<BenchmarkPattern> accepted)
            throws MojoExecutionException {
        final List<BenchmarkPattern> unmatched = named.orElse(List.of()).stream()
                .filter(pattern -> !accepted.contains(pattern)).toList();
        if (!unmatched.isEmpty()) {
            throw new MojoExecutionException("dbbench.accept.benchmarks names " + unmatched + ", which the last run's"
                    + " results (" + reportDirectory + "/results.json of each module) do not hold: run them first"
                    + " (mvn verify), or name them as Class#method or Class");
        }
    }

    private void accept(Path root, List<String> modules, List<BenchmarkPattern> accepted, List<Report> runs)
            throws IOException, MojoFailureException {
        final CarriedArguments carried = carried(runs);
        final List<String> arguments = new ArrayList<>(List.of("-B", "verify"));
        if (!modules.contains("")) {
            arguments.addAll(List.of("-pl", String.join(",", modules), "-am"));
        }
        arguments.addAll(carried.with(Map.of("test", BenchmarkPattern.testFilter(accepted),
                "surefire.failIfNoSpecifiedTests", "false", "dbbench.baseline.mode", "update")).arguments());
        getLog().info("dbbench: accepting " + accepted + ": " + MavenFork.describe(arguments));
        final MavenFork.Outcome outcome = MavenFork.current(session).run(arguments, root, Optional.empty());
        if (!outcome.succeeded()) {
            throw new MojoFailureException("dbbench:accept: the update run failed (mvn exited with "
                    + outcome.exitCode() + "; its output is above); no baseline of a failed benchmark was written"
                    + " unless its messages say so.");
        }
        getLog().info("dbbench: accepted " + accepted + "; review the changed baseline files (git diff) and commit"
                + " them");
    }
}
