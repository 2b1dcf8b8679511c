package dev.dbbench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method of a benchmark class that runs, untimed, before every sample (and every warm-up) of
 * each benchmark in the class; for example to truncate the table an insert benchmark fills.
 *
 * <p>It may declare the same parameters a benchmark can, such as {@link java.sql.Connection}.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface BeforeSample {
}
