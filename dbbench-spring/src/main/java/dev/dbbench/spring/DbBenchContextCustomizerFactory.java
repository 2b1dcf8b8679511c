package dev.dbbench.spring;

import java.util.List;

import dev.dbbench.api.Postgres;
import org.junit.platform.commons.support.AnnotationSupport;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;

/**
 * Spring's hook for dbbench, registered in {@code META-INF/spring.factories}: a Spring test class
 * that carries {@code @Postgres} gets its application context built on a dbbench database, in the
 * style of Testcontainers' {@code @ServiceConnection}. Classes of the same Spring configuration and
 * PostgreSQL target share one context within a run, as Spring's context cache shares contexts.
 */
public final class DbBenchContextCustomizerFactory implements ContextCustomizerFactory {

    @Override
    public ContextCustomizer createContextCustomizer(Class<?> testClass,
            List<ContextConfigurationAttributes> configAttributes) {
        if (AnnotationSupport.findRepeatableAnnotations(testClass, Postgres.class).isEmpty()) {
            return null;
        }
        final SpringApplications.SpringRun run = SpringApplications.currentRun().orElseThrow(() ->
                new IllegalStateException("dbbench: " + testClass.getName() + " carries @Postgres, but no dbbench run"
                        + " is in progress to give its application context a database: run it with JUnit Jupiter,"
                        + " whose dbbench extension @Postgres registers"));
        return new DbBenchContextCustomizer(run, run.postgresTarget(testClass));
    }
}
