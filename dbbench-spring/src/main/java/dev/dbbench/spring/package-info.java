/**
 * Spring Boot tests on dbbench's databases: a test class with a Spring test annotation
 * ({@code @SpringBootTest}, {@code @DataJpaTest}, {@code @JdbcTest}, ...) and {@code @Postgres} gets
 * the application's own HikariCP pool pointed at the class's database, whose schema the application's
 * migrations built once per application context. Users only add the artifact; nothing here is called
 * by them. Internal: it may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.spring;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
