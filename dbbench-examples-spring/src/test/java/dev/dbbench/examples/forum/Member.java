package dev.dbbench.examples.forum;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;

@Entity
public class Member {

    @Id
    private Long id;

    private String handle;

    protected Member() {
    }

    public String getHandle() {
        return handle;
    }
}
