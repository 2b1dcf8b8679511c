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
 * Runs the benchmarks of a class (or of one method) on a throwaway MongoDB server, injecting
 * {@code MongoDatabase}, {@code MongoClient} and {@code MongoCollection<Document>}; repeat it, or
 * combine it with {@link Postgres}, to run each benchmark on several targets. On the class, it also
 * gives the class's own lifecycle methods ({@code @BeforeAll}, {@code @BeforeEach}, ...) their engine
 * parameters.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Repeatable(Mongo.List.class)
@ExtendWith(DbBenchmarkExtension.class)
public @interface Mongo {

    /**
     * Server version as {@code major.minor}, such as {@code "8.0"}; empty takes
     * {@link ConfigKeys#MONGODB_VERSION}. The emulated provider has no version.
     */
    String version() default "";

    /**
     * The Docker image of the containers provider; empty takes {@link ConfigKeys#MONGODB_IMAGE}, then
     * {@code mongo:<version>}. Any image is accepted as a substitute for {@code mongo}.
     */
    String image() default "";

    /**
     * mongod options as {@code name=value}, passed to a container as {@code --name=value}; for example
     * {@code "wiredTigerCacheSizeGB=1"}.
     */
    String[] options() default {};

    /** Where the server comes from; {@link Provider#DEFAULT} takes {@link ConfigKeys#PROVIDER}. */
    Provider provider() default Provider.DEFAULT;

    /** Holds repeated {@link Mongo} annotations. */
    @Target({ElementType.TYPE, ElementType.METHOD})
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @Inherited
    @ExtendWith(DbBenchmarkExtension.class)
    @interface List {
        Mongo[] value();
    }
}
