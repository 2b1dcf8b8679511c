package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import dev.dbbench.api.ConfigKeys;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The forum example's missing index, caught by its plan with the time gate off: the topic page's
 * benchmark runs once to record, then on a schema migrated without its last migration, and its
 * message names the plan that changed. ({@link MemberPageRegressionTest} is the other regression.)
 */
class TopicPageRegressionTest {

    private static final String FLYWAY_TARGET = "spring.flyway.target";

    @TempDir
    Path temp;

    @AfterEach
    void unchanged() {
        System.clearProperty(FLYWAY_TARGET);
    }

    @Test
    void aMissingIndexFailsNamingThePlan() {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
        runner.run("dev.dbbench.examples.forum.TopicPageBench").testEvents().assertStatistics(stats -> stats.succeeded(1));

        // The schema migrated without its last migration, the index on (topic, posted at).
        System.setProperty(FLYWAY_TARGET, "1");
        final EngineExecutionResults results = runner.run("dev.dbbench.examples.forum.TopicPageBench");

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("PLAN REGRESSION in TopicPageBench.latestPostsOfATopic")
                .contains("Index Scan on post using post_topic_posted_at")
                .contains("Seq Scan on post");
    }
}
