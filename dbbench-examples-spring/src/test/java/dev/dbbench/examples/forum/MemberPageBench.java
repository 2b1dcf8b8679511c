package dev.dbbench.examples.forum;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * A member's page through the application's service: the topics they started, each with its posts
 * counted. Two statements, the posts of the five topics fetched in one batch; the same Spring
 * configuration as {@link TopicPageBench}, so the two classes share one application context.
 */
@SpringBootTest
@Postgres
class MemberPageBench extends ForumData {

    @Autowired
    Forum forum;

    @DbBenchmark(warmups = 20, samples = 100)
    void topicsOfAMember() {
        assertThat(forum.topicsStartedBy("member42")).hasSize(5).allSatisfy(line -> assertThat(line.posts()).isEqualTo(20));
    }
}
