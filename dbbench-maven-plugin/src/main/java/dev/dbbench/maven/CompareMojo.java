package dev.dbbench.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.report.Report;
import dev.dbbench.report.RunReport;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * {@code mvn dbbench:compare [-Ddbbench.base=REF]}: a same-runner A/B of the head against the base
 * commit. Checks out the merge base of {@code REF} and HEAD in a git worktree under
 * {@code target/dbbench/compare/}, builds both, runs the chosen benchmarks in rounds that alternate
 * base and head (ABBA), each round a fresh JVM and fresh servers, and judges the head by the paired
 * rule over rounds ({@link PairedRule}); a confirmed slowdown beyond a benchmark's threshold fails
 * the build. Writes a results file per round, {@code compare.json} and {@code compare.md} into
 * {@code target/dbbench/compare/}, and the Markdown to the GitHub Actions job summary when there is
 * one. The worktree is removed afterwards, also when the comparison fails.
 */
@Mojo(name = "compare", aggregator = true, threadSafe = true)
public class CompareMojo extends ResultsMojo {

    /**
     * The git ref to compare against (a branch, tag or commit); its merge base with HEAD is the base. By
     * default the pull request's target branch, else the remote's default branch, else the upstream.
     */
    @Parameter(property = "dbbench.base")
    private String base;

    /**
     * Rounds, base and head together, an even number; by default as many as the benchmarks' alpha needs
     * for the paired rule to tolerate one outlying pair (22, eleven pairs, at the default alpha of 0.01).
     */
    @Parameter(property = "dbbench.compare.rounds")
    private Integer rounds;

    /**
     * The benchmarks, {@code Class#method} or {@code Class}, comma-separated; by default those whose
     * timing verdict was REGRESSION or INCONCLUSIVE in the head's last run (its results files).
     */
    @Parameter(property = "dbbench.compare.benchmarks")
    private String benchmarks;

    @Parameter(property = "dbbench.compare.skip", defaultValue = "false")
    private boolean skip;


    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("dbbench: compare skipped (dbbench.compare.skip)");
            return;
        }
        try {
            final List<ComparePlan.Module> modules = ComparePlan.of(reactorProjects, Optional.ofNullable(benchmarks)
                    .filter(named -> !named.isBlank())
                    .map(named -> BenchmarkPattern.parseAll(named, "dbbench.compare.benchmarks")), reportDirectory);
            if (modules.isEmpty()) {
                getLog().info("dbbench: nothing to compare: no timing verdict in the last run's results ("
                        + reportDirectory + "/results.json of each module) was REGRESSION or INCONCLUSIVE."
                        + " Name benchmarks with -Ddbbench.compare.benchmarks=Class#method to compare them anyway.");
                return;
            }
            compare(modules);
        } catch (IOException | IllegalArgumentException e) {
            throw new MojoExecutionException("dbbench:compare: " + e.getMessage(), e);
        }
    }

    private void compare(List<ComparePlan.Module> modules) throws IOException, MojoExecutionException,
            MojoFailureException {
        final Path root = session.getTopLevelProject().getBasedir().toPath();
        final Path output = root.resolve("target").resolve("dbbench").resolve("compare");
        clearEarlier(output, output.resolve("base"));
        final List<Report> headRuns = modules.stream().flatMap(module -> module.headRun().stream()).toList();
        final Map<String, PairedRule> rules = new LinkedHashMap<>();
        modules.forEach(module -> rules.putAll(RoundFigures.rules(module.headRun(), module.benchmarks())));
        final int roundCount = roundCount(rules);
        final CarriedArguments carried = carried(headRuns);
        final CompareSummary summary;
        final String ref = base(root);
        try (BaseWorktree worktree = BaseWorktree.create(root, ref, output.resolve("base"), getLog())) {
            final String baseName = ref + " (merge base " + worktree.commit().substring(0, 10) + ")";
            final String headName = worktree.headCommit().substring(0, 10)
                    + (worktree.headNote().isEmpty() ? "" : " (" + worktree.headNote() + ")");
            getLog().info("dbbench: A/B of " + modules.stream().flatMap(module -> module.benchmarks().stream())
                    .toList() + ": head " + headName + " against base " + baseName + ", " + roundCount + " rounds");
            final AbRounds ab = new AbRounds(MavenFork.current(session), carried, modules, root, worktree.project(),
                    output, getLog());
            ab.build(AbRounds.Side.BASE, "the base commit " + worktree.commit());
            ab.build(AbRounds.Side.HEAD, "the head");
            final List<AbRounds.Round> done = new ArrayList<>();
            for (int number = 0; number < roundCount; number++) {
                done.add(ab.run(number, roundCount));
            }
            summary = CompareSummary.judge(baseName, headName, done, withDefaults(rules, done));
        }
        report(summary, output);
    }

    /** The ref given as {@code dbbench.base}, else the one git implies, said in the log with why. */
    private String base(Path root) throws IOException, MojoExecutionException {
        if (base != null && !base.isBlank()) {
            return base;
        }
        final ImpliedBase implied = ImpliedBase.find(new Git(root), System.getenv());
        getLog().info("dbbench: comparing against " + implied.ref() + ", " + implied.reason()
                + " (-Ddbbench.base=<branch, tag or commit> names another)");
        return implied.ref();
    }

    /**
     * Empties the comparison's folder of an earlier comparison's report, rounds and build logs, so that a
     * comparison stopped before its report never shows an old report beside its own partial rounds. The
     * base's worktree at {@code worktree} is left to {@link BaseWorktree}, which removes git's record of it too.
     */
    static void clearEarlier(Path output, Path worktree) throws IOException {
        Files.createDirectories(output);
        try (Stream<Path> entries = Files.list(output)) {
            for (Path entry : entries.filter(entry -> !entry.equals(worktree)).toList()) {
                AbRounds.deleteRecursively(entry);
            }
        }
    }

    /**
     * The rounds asked for, or by default as many as the strictest alpha needs to tolerate one outlying
     * pair; fewer than it needs to confirm anything is an error.
     */
    private int roundCount(Map<String, PairedRule> rules) throws MojoExecutionException {
        final List<PairedRule> all = rules.isEmpty() ? List.of(new PairedRule(ConfigKeys.DEFAULT_ALPHA, 0))
                : List.copyOf(rules.values());
        final int pairsNeeded = all.stream().mapToInt(PairedRule::pairsNeeded).max().orElseThrow();
        if (rounds == null) {
            return 2 * all.stream().mapToInt(PairedRule::pairsToleratingOneOutlier).max().orElseThrow();
        }
        if (rounds % 2 != 0 || rounds < 2 * pairsNeeded) {
            throw new MojoExecutionException("dbbench.compare.rounds=" + rounds + " cannot decide: rounds run in"
                    + " base/head pairs, so the number must be even, and the benchmarks' alpha needs at least "
                    + pairsNeeded + " pairs (" + 2 * pairsNeeded + " rounds) before the paired rule can confirm"
                    + " anything");
        }
        return rounds;
    }

    /** The rules of benchmarks the head's results did not hold (named ones), as the first round resolved them. */
    private static Map<String, PairedRule> withDefaults(Map<String, PairedRule> rules, List<AbRounds.Round> done) {
        final Map<String, PairedRule> all = new LinkedHashMap<>(rules);
        done.get(0).rules().forEach(all::putIfAbsent);
        return all;
    }

    private void report(CompareSummary summary, Path output) throws IOException, MojoFailureException {
        final String markdown = summary.markdown();
        writeWhole(output.resolve("compare.md"), markdown);
        writeWhole(output.resolve("compare.json"), summary.json());
        final Optional<Path> jobSummary = RunReport.githubJobSummary();
        if (jobSummary.isPresent()) {
            Files.writeString(jobSummary.get(), markdown + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        }
        markdown.lines().forEach(line -> getLog().info(line));
        getLog().info("dbbench: the comparison's report: " + output.resolve("compare.md") + " and compare.json;"
                + " each round's results and output under " + output.resolve("rounds"));
        if (summary.fails()) {
            throw new MojoFailureException("dbbench:compare: the head is slower than the base beyond the threshold: "
                    + summary.rows().stream().filter(row -> row.judgement().fails())
                            .map(row -> row.figure() + " (" + row.judgement().reason() + ")").toList()
                    + ". See " + output.resolve("compare.md") + ".");
        }
    }

    /** Writes beside the file and renames it into place: a Maven stopped meanwhile leaves the file whole or none. */
    private static void writeWhole(Path file, String text) throws IOException {
        final Path written = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(written, text, StandardCharsets.UTF_8);
        Files.move(written, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
