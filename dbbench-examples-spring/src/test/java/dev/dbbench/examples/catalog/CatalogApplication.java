package dev.dbbench.examples.catalog;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A product catalog on Spring Data MongoDB: products with an indexed brand, their repository, and the
 * brand page's service, which its benchmarks reach through the application's own beans and client.
 * It uses no SQL database, which this module's class path also holds (for {@code examples.forum}).
 */
@SpringBootApplication(excludeName = {"org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
        "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration",
        "org.springframework.boot.data.jpa.autoconfigure.DataJpaRepositoriesAutoConfiguration",
        "org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration"})
public class CatalogApplication {
}
