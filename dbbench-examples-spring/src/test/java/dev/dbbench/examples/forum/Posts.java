package dev.dbbench.examples.forum;

import java.util.List;

import org.springframework.data.jpa.repository.JpaRepository;

public interface Posts extends JpaRepository<Post, Long> {

    /** A topic's page: its ten latest posts, which the index on (topic, posted at) serves in order. */
    List<Post> findTop10ByTopicIdOrderByPostedAtDesc(long topicId);
}
