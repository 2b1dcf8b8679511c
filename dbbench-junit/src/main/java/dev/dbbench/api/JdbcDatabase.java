package dev.dbbench.api;

import java.util.Objects;

/**
 * Where a test class's PostgreSQL database is, for a framework that connects by URL (Flyway,
 * Liquibase, jOOQ's code generator, an application's own pool): declare a parameter of this type
 * wherever dbbench injects a {@code Connection}. The URL is the plain one of the database, without
 * anything of dbbench's own.
 *
 * <p>Connections opened with it are the framework's, not dbbench's: their statements are neither
 * counted nor explained, and a benchmark whose work goes through them is reported as running
 * statements dbbench does not see. Give the framework the injected {@code DataSource} instead where
 * it accepts one (with Spring Boot, dbbench-spring does this for the application's own pool).
 *
 * @param jdbcUrl such as {@code jdbc:postgresql://localhost:41234/OrderBench_3f2a}
 * @param username the user dbbench connects as
 * @param password that user's password: on an embedded server, the password of its superuser, which dbbench
 *     makes once per machine user and keeps where only that user can read it; empty where a server asks none
 * @param databaseName the database's name on its server
 */
public record JdbcDatabase(String jdbcUrl, String username, String password, String databaseName) {

    public JdbcDatabase {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Objects.requireNonNull(username, "username");
        password = password == null ? "" : password;
        Objects.requireNonNull(databaseName, "databaseName");
    }

    /** The URL, user and database, never the password. */
    @Override
    public String toString() {
        return "JdbcDatabase[" + jdbcUrl + " as " + username + "]";
    }
}
