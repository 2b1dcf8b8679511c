package dev.dbbench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Expects a {@link DbBenchmark} to stay at least {@link #by()} times faster than another benchmark,
 * measured side by side in the same run with their samples interleaved, so the ratio holds on any
 * machine.
 *
 * <p>{@link #value()} selects the other side: a {@code @DbBenchmark} method of the same class
 * ({@code "findByBrandArrow"}), that method on another engine target
 * ({@code "findByBrandArrow [postgres 15]"}), or this same method on another target
 * ({@code "[postgres 15]"}). A target is written as its label starts: engine, then version, then
 * provider or settings as needed to make it unique.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Repeatable(ExpectFasterThan.List.class)
public @interface ExpectFasterThan {

    /** The other benchmark: {@code "method"}, {@code "method [target]"} or {@code "[target]"}. */
    String value();

    /** How many times faster this benchmark must be; 1.0 means "not slower". Must be greater than 0. */
    double by() default 1.0;

    /** Holds repeated {@link ExpectFasterThan} annotations. */
    @Target(ElementType.METHOD)
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @interface List {
        ExpectFasterThan[] value();
    }
}
