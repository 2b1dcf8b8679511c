package dev.dbbench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Fails a PostgreSQL benchmark unless the plan of one of its statements uses each named index:
 * a lost or unused index is caught on the first run, on any machine, with no baseline needed.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface UsesIndex {

    /** Index names, as in {@code CREATE INDEX name}. */
    String[] value();
}
