package dev.dbbench.maven;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.dbbench.baseline.BaselineException;
import dev.dbbench.baseline.BaselineMerge;
import dev.dbbench.report.MergeReports;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * {@code mvn dbbench:merge}: joins what several CI jobs produced. With {@code dbbench.merge.reports},
 * the report directories of a suite's shards ({@code dbbench.shard=i/n}) become one report (every
 * format, and the baseline entries the shards wrote, into the baseline directory); with
 * {@code dbbench.merge.baselines}, baseline directories recorded by several jobs are merged into the
 * baseline directory, each entry's runs pooled so its fence holds the spread between jobs. Inputs are
 * comma-separated folders or globs, relative to the folder the command runs in. Everything is read
 * and checked before anything is written.
 */
@Mojo(name = "merge", aggregator = true, threadSafe = true)
public class MergeMojo extends AbstractMojo {

    /** The shards' report directories (downloaded artifacts), comma-separated, globs allowed. */
    @Parameter(property = "dbbench.merge.reports")
    private String reports;

    /** Baseline directories recorded by several jobs, comma-separated, globs allowed. */
    @Parameter(property = "dbbench.merge.baselines")
    private String baselines;

    /** Where the merged baseline entries go. */
    @Parameter(property = "dbbench.baseline.dir", defaultValue = "${project.basedir}/baselines")
    private File baselineDirectory;

    /** Where the merged report goes. */
    @Parameter(property = "dbbench.report.dir", defaultValue = "${project.build.directory}/dbbench")
    private File reportDirectory;

    /** A folder of earlier results files, for the merged report's history charts. */
    @Parameter(property = "dbbench.report.history")
    private File history;

    /** The artifact name the job summary names. */
    @Parameter(property = "dbbench.report.artifact", defaultValue = "dbbench-report")
    private String artifact;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (blank(reports) && blank(baselines)) {
            throw new MojoExecutionException("dbbench:merge needs what to merge: -Ddbbench.merge.reports=DIR,... (the"
                    + " report directories of a suite's shards) or -Ddbbench.merge.baselines=DIR,... (baseline"
                    + " directories recorded by several jobs); globs such as target/recorded/recorded-baselines-* work");
        }
        final Path here = Path.of(session.getExecutionRootDirectory());
        try {
            if (!blank(baselines)) {
                final List<Path> sources = InputFolders.expand(baselines, here, "dbbench.merge.baselines");
                new BaselineMerge(info()).merge(baselineDirectory.toPath(), sources);
            }
            if (!blank(reports)) {
                mergeReports(InputFolders.expand(reports, here, "dbbench.merge.reports"));
            }
        } catch (IOException | IllegalArgumentException | BaselineException e) {
            throw new MojoFailureException("dbbench:merge: " + e.getMessage() + " Nothing was written.", e);
        }
    }

    private void mergeReports(List<Path> inputs) throws MojoFailureException {
        final List<String> arguments = new ArrayList<>(List.of("--report-dir", reportDirectory.toString(),
                "--baseline-dir", baselineDirectory.toString(), "--artifact", artifact));
        if (history != null) {
            arguments.addAll(List.of("--history", history.toString()));
        }
        inputs.forEach(input -> arguments.add(input.toString()));
        final ByteArrayOutputStream errors = new ByteArrayOutputStream();
        final int exitCode = MergeReports.run(arguments.toArray(String[]::new), info(),
                new PrintStream(errors, true, StandardCharsets.UTF_8));
        if (exitCode != 0) {
            throw new MojoFailureException(errors.toString(StandardCharsets.UTF_8).trim());
        }
    }

    /** A stream whose lines go to Maven's log at info level. */
    private PrintStream info() {
        return new PrintStream(new LogLines(getLog()), true, StandardCharsets.UTF_8);
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
