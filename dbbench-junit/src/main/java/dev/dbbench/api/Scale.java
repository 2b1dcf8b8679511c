package dev.dbbench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs a {@link DbBenchmark} once per value of a parameter, such as the rows its table holds: each
 * value is its own test, with its own display name and baseline entry
 * ({@code findByBrand [postgres 17 embedded] rows=100000}). On a class it applies to every benchmark
 * of the class that declares none of its own.
 *
 * <p>{@link ConfigKeys#SCALE} picks the list: {@link #small()} by default, {@link #large()} with
 * {@code dbbench.scale=large}.
 *
 * <p>The value goes to every method of the invocation that declares an {@code int} or {@code long}
 * parameter named {@link #name()}: the benchmark, its {@code @BeforeSample}, {@code @BeforeEach} and
 * {@code @AfterEach} methods, the other sides of its {@link ExpectFasterThan}, and the class's
 * {@link DbFixture} methods. A {@code @DbFixture} that declares the parameter makes the class's data
 * depend on it: each value then gets a database of its own, filled by the fixtures for that value.
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface Scale {

    /**
     * The parameter's name, a Java identifier: in display names and baseline keys ({@code rows=1000}),
     * and the name of the method parameters that receive its value (compile with {@code -parameters}).
     */
    String name();

    /** The values at the default scale, {@code dbbench.scale=small}, run in this order; at least one. */
    long[] small();

    /** The values at {@code dbbench.scale=large}, run in this order; empty runs {@link #small()} there too. */
    long[] large() default {};
}
