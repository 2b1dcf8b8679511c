package dev.dbbench.junit.catalog;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.flyway.FlywayAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.autoconfigure.orm.jpa.HibernateJpaAutoConfiguration;

/**
 * A product catalog on Spring Data MongoDB: products, their repository and a service that reads them.
 * It uses no SQL database, which the tests' class path also holds (for {@code dev.dbbench.junit.shop}).
 */
@SpringBootApplication(exclude = {DataSourceAutoConfiguration.class, HibernateJpaAutoConfiguration.class,
        FlywayAutoConfiguration.class})
public class CatalogApplication {
}
