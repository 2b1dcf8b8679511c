package dev.dbbench.examples.forum;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A forum: members start topics and write posts in them. A Spring Boot application with JPA
 * entities, Spring Data repositories and Flyway migrations ({@code db/migration}), which its
 * benchmarks reach through the application's own beans and HikariCP pool, as its users' requests do.
 * It uses no MongoDB, which this module's class path also holds (for {@code examples.catalog}).
 */
@SpringBootApplication(excludeName = {"org.springframework.boot.mongodb.autoconfigure.MongoAutoConfiguration",
        "org.springframework.boot.data.mongodb.autoconfigure.DataMongoAutoConfiguration",
        "org.springframework.boot.data.mongodb.autoconfigure.DataMongoRepositoriesAutoConfiguration"})
public class ForumApplication {
}
