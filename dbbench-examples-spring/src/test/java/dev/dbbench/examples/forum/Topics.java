package dev.dbbench.examples.forum;

import java.util.List;

import org.springframework.data.jpa.repository.JpaRepository;

public interface Topics extends JpaRepository<Topic, Long> {

    List<Topic> findByStartedByHandleOrderByTitle(String handle);
}
