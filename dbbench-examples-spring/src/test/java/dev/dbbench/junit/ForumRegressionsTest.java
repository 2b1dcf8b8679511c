package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import dev.dbbench.api.ConfigKeys;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The forum example's regressions, caught by counts with the time gate off: each benchmark class runs
 * once to record, then with one change to the application's configuration, whose message names what
 * changed. Instructions are not counted here; the statements and plans decide.
 */
class ForumRegressionsTest {

    private static final String BATCH_FETCH = "spring.jpa.properties.hibernate.default_batch_fetch_size";
    private static final String FLYWAY_TARGET = "spring.flyway.target";

    @TempDir
    Path temp;

    @AfterEach
    void unchanged() {
        System.clearProperty(BATCH_FETCH);
        System.clearProperty(FLYWAY_TARGET);
    }

    @Test
    void postsReadTopicByTopicFailNamingTheRepeatedStatement() {
        final FixtureRunner runner = runner();
        runner.run("dev.dbbench.examples.forum.MemberPageBench").testEvents().assertStatistics(stats -> stats.succeeded(1));

        // Batch fetching off: the posts of each of the member's five topics in a statement of their own.
        System.setProperty(BATCH_FETCH, "1");
        final EngineExecutionResults results = runner.run("dev.dbbench.examples.forum.MemberPageBench");

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("TRAFFIC REGRESSION in MemberPageBench.topicsOfAMember")
                .containsPattern("from post \\w+ where \\w+\\.topic_id=\\?\\s+executions per call 0 -> 5")
                .contains("round trips per call 3 -> 7");
    }

    @Test
    void aMissingIndexFailsNamingThePlan() {
        final FixtureRunner runner = runner();
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

    private FixtureRunner runner() {
        return new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
    }
}
