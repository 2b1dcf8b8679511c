package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

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

    @TempDir
    Path temp;

    @Test
    void postsReadTopicByTopicFailNamingTheRepeatedStatement() {
        // Batch fetching off: the posts of each of the member's five topics in a statement of their own.
        final EngineExecutionResults results = ForumRegression.afterChange(temp,
                "dev.dbbench.examples.forum.MemberPageBench",
                "spring.jpa.properties.hibernate.default_batch_fetch_size", "1");

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("TRAFFIC REGRESSION in MemberPageBench.topicsOfAMember")
                .containsPattern("from post \\w+ where \\w+\\.topic_id=\\?\\s+executions per call 0 -> 5")
                .contains("round trips per call 3 -> 7");
    }
}
