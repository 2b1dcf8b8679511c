package dev.dbbench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.dbbench.junit.DbBenchmarkExtension;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs the benchmarks of a class (or of one method) on a throwaway PostgreSQL server; repeat it to
 * run each benchmark on several versions or settings. On the class, it also gives the class's own
 * lifecycle methods ({@code @BeforeAll}, {@code @BeforeEach}, ...) their engine parameters.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Repeatable(Postgres.List.class)
@ExtendWith(DbBenchmarkExtension.class)
public @interface Postgres {

    /** Major version, 14 to 18; empty takes {@link ConfigKeys#POSTGRES_VERSION}. */
    String version() default "";

    /**
     * Server settings as {@code name=value}, applied at server start like {@code postgres -c}; for
     * example {@code "shared_buffers=256MB"} or {@code "fsync=on"}.
     */
    String[] settings() default {};

    /**
     * The Docker image of the containers provider; empty takes {@link ConfigKeys#POSTGRES_IMAGE}, then
     * {@code postgres:<version>}. Any image is accepted as a substitute for {@code postgres}, and must
     * run the declared major version.
     */
    String image() default "";

    /** Where the server comes from; {@link Provider#DEFAULT} takes {@link ConfigKeys#PROVIDER}. */
    Provider provider() default Provider.DEFAULT;

    /** Holds repeated {@link Postgres} annotations. */
    @Target({ElementType.TYPE, ElementType.METHOD})
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @Inherited
    @ExtendWith(DbBenchmarkExtension.class)
    @interface List {
        Postgres[] value();
    }
}
