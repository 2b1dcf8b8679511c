package dev.dbbench.examples.forum;

import java.time.Instant;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;

@Entity
public class Post {

    @Id
    private Long id;

    @ManyToOne(fetch = FetchType.LAZY)
    private Topic topic;

    @ManyToOne(fetch = FetchType.LAZY)
    private Member author;

    private Instant postedAt;

    private String body;

    protected Post() {
    }

    public Instant getPostedAt() {
        return postedAt;
    }

    public String getBody() {
        return body;
    }
}
