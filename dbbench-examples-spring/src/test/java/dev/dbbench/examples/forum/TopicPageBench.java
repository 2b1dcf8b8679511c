package dev.dbbench.examples.forum;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/** A topic's page through the application's repository: one statement, served by the (topic, posted at) index. */
@SpringBootTest
@Postgres
class TopicPageBench extends ForumData {

    @Autowired
    Posts posts;

    @DbBenchmark(warmups = 20, samples = 100)
    void latestPostsOfATopic() {
        assertThat(posts.findTop10ByTopicIdOrderByPostedAtDesc(4_242)).hasSize(10);
    }
}
