package dev.dbbench.maven;

import java.util.List;

import dev.dbbench.report.Report;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What the goals that read the last run's results share: each module's report directory, the
 * reactor, and the arguments that make a forked run start as that run did.
 */
abstract class ResultsMojo extends AbstractMojo {

    /** Each module's report directory, relative to the module, where the last run wrote its results. */
    @Parameter(property = "dbbench.report.dir", defaultValue = "target/dbbench")
    protected String reportDirectory;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    protected MavenSession session;

    @Parameter(defaultValue = "${reactorProjects}", readonly = true, required = true)
    protected List<MavenProject> reactorProjects;

    /** The recorded profiles and properties of these runs, then this command's own; warns of what is missing. */
    protected CarriedArguments carried(List<Report> runs) {
        final CarriedArguments carried = CarriedArguments.of(runs.stream().map(Report::invocation).toList(),
                session.getRequest().getActiveProfiles(), session.getUserProperties());
        carried.notes().forEach(note -> getLog().warn("dbbench: " + note));
        return carried;
    }
}
