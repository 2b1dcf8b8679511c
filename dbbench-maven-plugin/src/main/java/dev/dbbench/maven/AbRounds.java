package dev.dbbench.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import dev.dbbench.report.Report;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.logging.Log;

/**
 * Builds base and head, then runs the A/B's rounds: each round one forked {@code mvn test} of the
 * chosen benchmarks in one side's checkout, so a fresh JVM and fresh database servers, in ABBA order
 * (base, head, head, base, ...): within each pair of rounds one side runs first and in the next pair
 * the other, so a machine that drifts one way during the comparison (a neighbour's load ramping up,
 * caches warming) moves the pairs' ratios both ways instead of all one way, as it would if the head
 * always ran second.
 *
 * <p>A round records into folders of its own ({@value #ROUND_FOLDER} in each module, emptied before
 * and after it, in update mode, so it judges nothing and fails on no timing), with instruction
 * counting off; its results files and output are kept under the comparison's folder. Nothing is
 * written under the modules' baselines.
 */
final class AbRounds {

    /** Which checkout a round runs in. */
    enum Side {
        BASE, HEAD;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * What one round measured and cost.
     *
     * @param rules each result's alpha and threshold, as the round's run resolved them
     */
    record Round(int number, Side side, Map<RoundFigures.Figure, Double> figures, Map<String, PairedRule> rules,
            double seconds, Map<String, Double> benchmarkSeconds) {
    }

    /** Where each round's report and baselines go, relative to each module's folder. */
    static final String ROUND_FOLDER = "target/dbbench/compare-round";

    private final MavenFork maven;
    private final CarriedArguments carried;
    private final List<ComparePlan.Module> modules;
    private final Map<Side, Path> roots;
    private final Path output;
    private final Log log;

    AbRounds(MavenFork maven, CarriedArguments carried, List<ComparePlan.Module> modules, Path headRoot,
            Path baseRoot, Path output, Log log) {
        this.maven = maven;
        this.carried = carried;
        this.modules = List.copyOf(modules);
        this.roots = Map.of(Side.HEAD, headRoot, Side.BASE, baseRoot);
        this.output = output;
        this.log = log;
    }

    /** The side of round {@code number} (0-based) in ABBA order. */
    static Side side(int number) {
        final Side first = (number / 2) % 2 == 0 ? Side.BASE : Side.HEAD;
        return number % 2 == 0 ? first : first == Side.BASE ? Side.HEAD : Side.BASE;
    }

    /** Compiles one side's checkout (main and test classes), so that no round pays for it. */
    void build(Side side, String what) throws IOException, MojoExecutionException {
        final List<String> arguments = new ArrayList<>(List.of("-B", "test", "-DskipTests"));
        arguments.addAll(projects());
        arguments.addAll(carried.arguments());
        final Path logFile = output.resolve("build-" + side.label() + ".log");
        log.info("dbbench: building " + what + ": " + MavenFork.describe(arguments));
        final MavenFork.Outcome outcome = maven.run(arguments, roots.get(side), Optional.of(logFile));
        if (!outcome.succeeded()) {
            throw new MojoExecutionException(what + " does not build (mvn exited with " + outcome.exitCode() + "; "
                    + logFile + " holds its output):\n" + tail(logFile) + "\nFix the build of that commit, or compare"
                    + " against another base (-Ddbbench.base=...).");
        }
    }

    /** Runs round {@code number} (0-based) and reads what it measured. */
    Round run(int number, int of) throws IOException, MojoExecutionException {
        final Side side = side(number);
        final String name = String.format(Locale.ROOT, "%02d-%s", number + 1, side.label());
        for (ComparePlan.Module module : modules) {
            deleteRecursively(moduleFolder(side, module).resolve(ROUND_FOLDER));
        }
        final Path logFile = output.resolve("rounds").resolve(name + ".log");
        final List<String> arguments = roundArguments();
        log.info("dbbench: round " + (number + 1) + " of " + of + " (" + side.label() + ")");
        final MavenFork.Outcome outcome = maven.run(arguments, roots.get(side), Optional.of(logFile));
        if (!outcome.succeeded()) {
            throw new MojoExecutionException("round " + (number + 1) + " (" + side.label() + ") failed: mvn exited with "
                    + outcome.exitCode() + " (" + logFile + " holds its output):\n" + tail(logFile));
        }
        final Map<RoundFigures.Figure, Double> figures = new LinkedHashMap<>();
        final Map<String, PairedRule> rules = new LinkedHashMap<>();
        final Map<String, Double> benchmarkSeconds = new LinkedHashMap<>();
        for (ComparePlan.Module module : modules) {
            final Path folder = moduleFolder(side, module);
            final List<Report> reports = keep(folder.resolve(ROUND_FOLDER), name, module);
            figures.putAll(RoundFigures.of(reports, module.benchmarks()));
            rules.putAll(RoundFigures.rules(reports, module.benchmarks()));
            SurefireTimes.read(folder.resolve("target").resolve("surefire-reports"))
                    .forEach((key, seconds) -> benchmarkSeconds.merge(key, seconds, Double::sum));
            deleteRecursively(folder.resolve(ROUND_FOLDER));
        }
        return new Round(number, side, figures, rules, outcome.nanos() / 1e9, benchmarkSeconds);
    }

    /** Copies the round's results files into the comparison's folder and reads them. */
    private List<Report> keep(Path roundFolder, String name, ComparePlan.Module module) throws IOException {
        final List<Report> reports = new ArrayList<>();
        final String suffix = modules.size() == 1 ? "" : "-" + module.project().getArtifactId();
        for (Path file : ResultsFiles.in(roundFolder)) {
            final Path kept = output.resolve("rounds").resolve(name + suffix + "-" + file.getFileName());
            Files.copy(file, kept, StandardCopyOption.REPLACE_EXISTING);
            reports.add(Report.read(kept));
        }
        return reports;
    }

    private List<String> roundArguments() {
        final List<String> arguments = new ArrayList<>(List.of("-B", "test"));
        arguments.addAll(projects());
        final List<BenchmarkPattern> all = modules.stream().flatMap(module -> module.benchmarks().stream()).toList();
        arguments.addAll(carried.with(Map.of(
                "test", BenchmarkPattern.testFilter(all),
                "surefire.failIfNoSpecifiedTests", "false",
                // A benchmark that fails in a round (a declared expectation) still reports its figures.
                "maven.test.failure.ignore", "true",
                "dbbench.baseline.mode", "update",
                "dbbench.baseline.dir", ROUND_FOLDER + "/baselines",
                "dbbench.report.dir", ROUND_FOLDER,
                "dbbench.count.instructions", "off")).arguments());
        return arguments;
    }

    /** {@code -pl} of the modules with benchmarks and {@code -am}, unless the benchmarks are in the root project. */
    private List<String> projects() {
        final Path root = roots.get(Side.HEAD);
        final List<String> paths = modules.stream()
                .map(module -> root.relativize(module.project().getBasedir().toPath()).toString()).toList();
        return paths.contains("") ? List.of() : List.of("-pl", String.join(",", paths), "-am");
    }

    private Path moduleFolder(Side side, ComparePlan.Module module) {
        final Path relative = roots.get(Side.HEAD).relativize(module.project().getBasedir().toPath());
        return roots.get(side).resolve(relative.toString());
    }

    /** The last lines of a log, for an error message. */
    static String tail(Path logFile) throws IOException {
        final List<String> lines = Files.exists(logFile) ? Files.readAllLines(logFile) : List.of();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 25), lines.size()));
    }

    static void deleteRecursively(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
