package dev.dbbench.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;

/**
 * {@code dbbench:check}, bound to {@code verify}: fails the build when a test class with
 * {@code @DbBenchmark} methods was compiled but not run, so a build whose benchmarks Surefire never
 * picked up (its default includes match {@code *Test}, not {@code *Bench}) is not green. A class
 * ran when this build left a Surefire or Failsafe report that names it.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyResolution = ResolutionScope.TEST,
        threadSafe = true)
public class CheckMojo extends AbstractMojo {

    /** Skips the check. */
    @Parameter(property = "dbbench.check.skip", defaultValue = "false")
    private boolean skip;

    /** Surefire's and Failsafe's own switches: where tests are skipped, no benchmark is expected to run. */
    @Parameter(property = "skipTests", defaultValue = "false")
    private boolean skipTests;

    @Parameter(property = "maven.test.skip", defaultValue = "false")
    private boolean skipTestCompilation;

    /** Surefire's choice of tests ({@code -Dtest}) and Failsafe's ({@code -Dit.test}): the others are not expected. */
    @Parameter(property = "test")
    private String test;

    @Parameter(property = "it.test")
    private String integrationTest;

    /** The report folders of the test runs, Surefire's and Failsafe's by default. */
    @Parameter
    private List<String> reportsDirectories;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip || skipTests || skipTestCompilation) {
            getLog().info("dbbench:check: skipped (" + (skip ? "dbbench.check.skip" : "tests are skipped") + ")");
            return;
        }
        if (test != null && !test.isBlank() || integrationTest != null && !integrationTest.isBlank()) {
            getLog().info("dbbench:check: skipped: -Dtest or -Dit.test chooses the classes to run");
            return;
        }
        final BenchmarkClasses.Found found;
        final SortedSet<String> ran;
        try {
            final List<Path> classPath = new ArrayList<>();
            for (String element : project.getTestClasspathElements()) {
                classPath.add(Path.of(element));
            }
            found = BenchmarkClasses.in(Path.of(project.getBuild().getTestOutputDirectory()), classPath);
            ran = ranInThisBuild(reportFolders(), FileTime.from(session.getRequest().getStartTime().toInstant()));
        } catch (IOException | DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("dbbench:check could not read the test classes of " + project.getId()
                    + ": " + e.getMessage(), e);
        }
        found.unreadable().forEach(name -> getLog().debug("dbbench:check: could not load " + name));
        final List<String> missed = found.classes().stream().filter(name -> !ran.contains(name)).toList();
        if (!missed.isEmpty()) {
            throw new MojoFailureException(notRun(missed, found.classes().size()));
        }
        if (!found.classes().isEmpty()) {
            getLog().info("dbbench:check: all " + found.classes().size() + " classes with benchmarks ran");
        }
    }

    private List<Path> reportFolders() {
        if (reportsDirectories != null && !reportsDirectories.isEmpty()) {
            return reportsDirectories.stream().map(folder -> project.getBasedir().toPath().resolve(folder)).toList();
        }
        final Path target = Path.of(project.getBuild().getDirectory());
        return List.of(target.resolve("surefire-reports"), target.resolve("failsafe-reports"));
    }

    /**
     * The classes whose XML report ({@code TEST-<class>.xml}, a {@code @Nested} class's
     * {@code TEST-<class>$<nested>.xml}) this build wrote: written after it started.
     */
    static SortedSet<String> ranInThisBuild(List<Path> folders, FileTime buildStart) throws IOException {
        final SortedSet<String> ran = new TreeSet<>();
        for (Path folder : folders) {
            if (!Files.isDirectory(folder)) {
                continue;
            }
            try (Stream<Path> files = Files.list(folder)) {
                for (Path file : files.toList()) {
                    final String name = file.getFileName().toString();
                    if (name.startsWith("TEST-") && name.endsWith(".xml")
                            && Files.getLastModifiedTime(file).compareTo(buildStart) >= 0) {
                        final String testClass = name.substring("TEST-".length(), name.length() - ".xml".length());
                        final int nested = testClass.indexOf('$');
                        ran.add(nested < 0 ? testClass : testClass.substring(0, nested));
                    }
                }
            }
        }
        return ran;
    }

    /**
     * What the check says of classes with benchmarks that were compiled but not run.
     *
     * @param missed the classes with benchmarks that did not run
     * @param found how many classes with benchmarks the module has
     */
    static String notRun(List<String> missed, int found) {
        final boolean allBench = missed.stream().allMatch(name -> name.endsWith("Bench"));
        final String include = allBench ? "<include>**/*Bench.java</include>" : "an <include> that matches them";
        return "dbbench:check: " + missed.size() + " of " + found + " test classes with @DbBenchmark methods did not run"
                + " in this build, so their benchmarks were neither measured nor judged: " + String.join(", ", missed)
                + ". Surefire runs only classes named Test*, *Test, *Tests and *TestCase unless its <includes> say"
                + " otherwise: add " + include + " to maven-surefire-plugin's <includes>, and list those four there"
                + " too, as an <includes> replaces them (docs/troubleshooting.md, \"a green build that ran no benchmark\")."
                + " To run a few on purpose, name them with -Dtest; to skip this check, -Ddbbench.check.skip=true.";
    }
}
