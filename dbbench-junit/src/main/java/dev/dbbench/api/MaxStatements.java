package dev.dbbench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Fails a benchmark whose body executes more than this many SQL statements per call: the N+1
 * query detector.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface MaxStatements {

    /** Statements allowed per call of the body, at least 1. */
    int value();
}
