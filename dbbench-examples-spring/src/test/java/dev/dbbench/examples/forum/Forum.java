package dev.dbbench.examples.forum;

import java.util.List;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** What the forum's pages show. */
@Service
public class Forum {

    /** One line of a member's page: a topic they started, with its number of posts. */
    public record TopicLine(String title, int posts) {
    }

    private final Topics topics;

    Forum(Topics topics) {
        this.topics = topics;
    }

    /** The topics a member started, each with its posts counted: the posts of many topics are read at once. */
    @Transactional(readOnly = true)
    public List<TopicLine> topicsStartedBy(String handle) {
        return topics.findByStartedByHandleOrderByTitle(handle).stream()
                .map(topic -> new TopicLine(topic.getTitle(), topic.getPosts().size()))
                .toList();
    }
}
