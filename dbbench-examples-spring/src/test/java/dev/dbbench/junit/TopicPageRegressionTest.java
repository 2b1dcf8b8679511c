package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The forum example's missing index, caught by its plan with the time gate off: the topic page's
 * benchmark runs once to record, then on a schema migrated without its last migration, and its
 * message names the plan that changed. ({@link MemberPageRegressionTest} is the other regression.)
 */
class TopicPageRegressionTest {

    @TempDir
    Path temp;

    @Test
    void aMissingIndexFailsNamingThePlan() {
        // The schema migrated without its last migration, the index on (topic, posted at).
        final EngineExecutionResults results = ForumRegression.afterChange(temp,
                "dev.dbbench.examples.forum.TopicPageBench", "spring.flyway.target", "1");

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("PLAN REGRESSION in TopicPageBench.latestPostsOfATopic")
                .contains("Index Scan on post using post_topic_posted_at")
                .contains("Seq Scan on post");
    }
}
