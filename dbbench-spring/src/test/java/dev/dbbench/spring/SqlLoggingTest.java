package dev.dbbench.spring;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

class SqlLoggingTest {

    @Test
    void anApplicationThatLogsItsStatementsIsNoted() {
        final MockEnvironment environment = new MockEnvironment().withProperty("spring.jpa.show-sql", "true")
                .withProperty("logging.level.org.hibernate.SQL", "DEBUG");

        assertThat(SqlLogging.note("ShopApplication", environment)).hasValueSatisfying(note -> assertThat(note)
                .startsWith("dbbench: note: ShopApplication logs every SQL statement (spring.jpa.show-sql,"
                        + " logging.level.org.hibernate.SQL=DEBUG)")
                .contains("the timed samples include writing those lines"));
    }

    @Test
    void anApplicationThatDoesNotIsNot() {
        assertThat(SqlLogging.note("ShopApplication", new MockEnvironment()
                .withProperty("logging.level.org.hibernate.SQL", "info"))).isEmpty();
    }
}
