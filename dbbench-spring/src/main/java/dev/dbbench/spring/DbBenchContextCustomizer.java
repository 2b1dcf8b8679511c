package dev.dbbench.spring;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import dev.dbbench.api.JdbcDatabase;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.spec.EngineTarget;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Builds an application context on a dbbench database: a template database on the target's server,
 * where the application's migrations (Flyway, Liquibase, Spring's SQL init) run as the context
 * starts, and the context's HikariCP pools pointed at dbbench's connections of the database in use.
 *
 * <p>Equal for the same run and target, so Spring's context cache shares one context, and its
 * template, among the classes of one configuration; a new run builds new contexts.
 */
final class DbBenchContextCustomizer implements ContextCustomizer {

    /** The bean under which the context's database is registered. */
    static final String BEAN = "dbbenchContextDatabase";

    private final SpringApplications.SpringRun run;
    private final EngineTarget target;

    DbBenchContextCustomizer(SpringApplications.SpringRun run, EngineTarget target) {
        this.run = run;
        this.target = target;
    }

    @Override
    public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration config) {
        final String application = config.getClasses().length > 0 ? config.getClasses()[0].getSimpleName()
                : config.getTestClass().getSimpleName();
        final ScratchDatabase template;
        try {
            template = run.database(target, application + "_template");
        } catch (Exception e) {
            throw new IllegalStateException("dbbench could not create the template database of " + application
                    + " on [" + target.label() + "]: " + e.getMessage(), e);
        }
        final ContextDatabase database = run.closeAtEnd(new ContextDatabase(target, template, application,
                context::close));
        context.getBeanFactory().registerSingleton(BEAN, database);
        final PoolPostProcessor pools = new PoolPostProcessor(database);
        context.getBeanFactory().addBeanPostProcessor(pools);
        properties(context.getEnvironment(), template.details().orElseThrow());
        context.addApplicationListener(event -> {
            if (event instanceof ContextRefreshedEvent refreshed && refreshed.getApplicationContext() == context) {
                pools.requireAPool();
                SqlLogging.note(application, context.getEnvironment()).ifPresent(System.out::println);
            }
        });
    }

    /**
     * The application's datasource properties name the template (Spring Boot builds its pool only with a
     * URL); migrations configured with a URL of their own are pointed there too. The test-database
     * replacement of Spring Boot's test slices ({@code @DataJpaTest}, {@code @JdbcTest}) is off unless
     * the class asks for it: the database is dbbench's.
     */
    private static void properties(ConfigurableEnvironment environment, JdbcDatabase template) {
        final Map<String, Object> properties = new LinkedHashMap<>();
        connection(properties, "spring.datasource.", "username", template);
        for (String migrations : new String[] {"spring.flyway.", "spring.liquibase."}) {
            if (environment.containsProperty(migrations + "url")) {
                connection(properties, migrations, "user", template);
            }
        }
        environment.getPropertySources().addFirst(new MapPropertySource("dbbench", properties));
        environment.getPropertySources().addLast(new MapPropertySource("dbbench-defaults",
                Map.of("spring.test.database.replace", "NONE")));
    }

    private static void connection(Map<String, Object> properties, String prefix, String user, JdbcDatabase database) {
        properties.put(prefix + "url", database.jdbcUrl());
        properties.put(prefix + user, database.username());
        properties.put(prefix + "password", database.password());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DbBenchContextCustomizer that && that.run == run && that.target.equals(target);
    }

    @Override
    public int hashCode() {
        return Objects.hash(System.identityHashCode(run), target);
    }
}
