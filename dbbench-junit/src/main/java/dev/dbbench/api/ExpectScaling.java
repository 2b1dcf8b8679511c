package dev.dbbench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Expects the work of a {@link DbBenchmark} to grow at most as fast as {@link #atMost()} with its
 * {@link Scale} parameter: an index lookup at most {@link Growth#LOGARITHMIC}, a scan at most
 * {@link Growth#LINEAR}, so that a lookup that silently became a scan fails at the small sizes CI runs.
 *
 * <p>Judged after the benchmark's last value on each engine target, on counts that do not depend on
 * the machine: the server's instructions per call (embedded PostgreSQL, counted under valgrind) and
 * the shared blocks of its statements' plans (PostgreSQL), each value's count against the smallest
 * value's. It needs at least three values of at least 2, and a PostgreSQL target whose body takes a
 * {@code Connection} or {@code DataSource}.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface ExpectScaling {

    /** The fastest growth allowed. */
    Growth atMost();
}
