package dev.dbbench.spring;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.mongo.ApplicationClients;
import dev.dbbench.spec.EngineTarget;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Builds an application context on a dbbench MongoDB database: Spring Boot's MongoDB properties name a
 * template database on the target's server, where the application starts; its client is wired to
 * dbbench and its database factory follows the running test class's database
 * ({@link MongoClientPostProcessor}). Equal for the same run and target, so Spring's context cache
 * shares one context among the classes of one configuration.
 */
final class MongoContextCustomizer implements ContextCustomizer {

    private final SpringApplications.SpringRun run;
    private final EngineTarget target;

    MongoContextCustomizer(SpringApplications.SpringRun run, EngineTarget target) {
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
        final MongoContextDatabase database = run.closeAtEnd(new MongoContextDatabase(target, template,
                context::close));
        context.getBeanFactory().registerSingleton(DbBenchContextCustomizer.BEAN, database);
        context.getBeanFactory().addBeanPostProcessor(new MongoClientPostProcessor(database, context.getBeanFactory()));
        // Spring Boot 4's keys, then Boot 3's: whichever the application's Boot reads.
        final Map<String, Object> properties = new LinkedHashMap<>();
        for (String prefix : new String[] {"spring.mongodb.", "spring.data.mongodb."}) {
            properties.put(prefix + "uri", ApplicationClients.connectionString(template));
            properties.put(prefix + "database", template.name());
        }
        context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("dbbench", properties));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof MongoContextCustomizer that && that.run == run && that.target.equals(target);
    }

    @Override
    public int hashCode() {
        return Objects.hash(System.identityHashCode(run), target);
    }
}
