package dev.dbbench.spring;

import java.util.List;

import dev.dbbench.api.Mongo;
import dev.dbbench.api.Postgres;
import dev.dbbench.spec.EngineKind;
import org.junit.platform.commons.support.AnnotationSupport;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;

/**
 * Spring's hook for dbbench, registered in {@code META-INF/spring.factories}: a Spring test class
 * that carries {@code @Postgres} gets its application context built on a dbbench database (its pool
 * pointed there), one that carries {@code @Mongo} on a dbbench MongoDB database (its Spring Data
 * MongoDB client wired there), in the style of Testcontainers' {@code @ServiceConnection}. Classes of
 * the same Spring configuration and target share one context within a run, as Spring's context cache
 * shares contexts.
 */
public final class DbBenchContextCustomizerFactory implements ContextCustomizerFactory {

    @Override
    public ContextCustomizer createContextCustomizer(Class<?> testClass,
            List<ContextConfigurationAttributes> configAttributes) {
        final boolean postgres = !AnnotationSupport.findRepeatableAnnotations(testClass, Postgres.class).isEmpty();
        final boolean mongo = !AnnotationSupport.findRepeatableAnnotations(testClass, Mongo.class).isEmpty();
        if (!postgres && !mongo) {
            return null;
        }
        final String annotation = postgres ? "@Postgres" : "@Mongo";
        final SpringApplications.SpringRun run = SpringApplications.currentRun().orElseThrow(() ->
                new IllegalStateException("dbbench: " + testClass.getName() + " carries " + annotation + ", but no"
                        + " dbbench run is in progress to give its application context a database: run it with JUnit"
                        + " Jupiter, whose dbbench extension " + annotation + " registers"));
        if (postgres && mongo) {
            throw new IllegalStateException("dbbench: " + testClass.getName() + " carries @Postgres and @Mongo, but"
                    + " dbbench-spring points an application context at one engine's database: benchmark the"
                    + " application on one, in classes of their own");
        }
        if (postgres) {
            return new DbBenchContextCustomizer(run, run.target(testClass, EngineKind.POSTGRES));
        }
        if (!SpringApplications.present("org.springframework.data.mongodb.MongoDatabaseFactory")
                || !SpringApplications.present("dev.dbbench.engine.mongo.ApplicationClients")) {
            throw new IllegalStateException("dbbench: " + testClass.getName() + " carries @Mongo in a Spring test,"
                    + " which dbbench-spring wires to the application's Spring Data MongoDB: add"
                    + " spring-boot-starter-data-mongodb (the application's) and dev.dbbench:dbbench-mongodb (test scope)");
        }
        return new MongoContextCustomizer(run, run.target(testClass, EngineKind.MONGODB));
    }
}
