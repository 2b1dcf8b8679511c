package dev.dbbench.examples.forum;

import java.util.List;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;

@Entity
public class Topic {

    @Id
    private Long id;

    private String title;

    @ManyToOne(fetch = FetchType.LAZY)
    private Member startedBy;

    /** Fetched when first read, for up to {@code hibernate.default_batch_fetch_size} topics at once. */
    @OneToMany(mappedBy = "topic", fetch = FetchType.LAZY)
    private List<Post> posts;

    protected Topic() {
    }

    public String getTitle() {
        return title;
    }

    public List<Post> getPosts() {
        return posts;
    }
}
