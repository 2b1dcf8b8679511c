package dev.dbbench.quarkus;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.quarkus.test.common.QuarkusTestResource;
import org.apiguardian.api.API;

/**
 * Starts the Quarkus application of a {@code @QuarkusTest} class for that class alone, so that it
 * runs on the class's dbbench database from its first statement: its schema built there at start
 * (Hibernate ORM's schema management, Flyway or Liquibase at start), its Agroal pool's connections
 * opened there.
 *
 * <p>Quarkus otherwise starts one application for all the {@code @QuarkusTest} classes of a test
 * profile, and the next class would find it on the database of the one before, which dbbench drops
 * when that class ends. A test resource restricted to the annotated class makes Quarkus start the
 * application again for each class that has it; the restart costs a fraction of a second once the
 * application was built.
 */
@API(status = EXPERIMENTAL)
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@QuarkusTestResource(value = ClassApplicationResource.class, restrictToAnnotatedClass = true)
public @interface ApplicationPerClass {
}
