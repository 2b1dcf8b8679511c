package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import dev.dbbench.api.ConfigKeys;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The forum example's N+1, caught by counts with the time gate off: the member page's benchmark runs
 * once to record, then with Hibernate's batch fetching switched off, and its message names the
 * statement that now runs once per topic. Instructions are not counted here; the statements decide.
 * ({@link TopicPageRegressionTest} is the other regression, a class of its own so the two run in
 * test JVMs side by side.)
 */
class MemberPageRegressionTest {

    private static final String BATCH_FETCH = "spring.jpa.properties.hibernate.default_batch_fetch_size";

    @TempDir
    Path temp;

    @AfterEach
    void unchanged() {
        System.clearProperty(BATCH_FETCH);
    }

    @Test
    void postsReadTopicByTopicFailNamingTheRepeatedStatement() {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
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
}
