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
 * value's, and on the statements each call runs, in total and each statement's executions. It needs
 * at least three values of at least 2, and a PostgreSQL target whose body takes a {@code Connection}
 * or {@code DataSource}.
 *
 * <p>Whether it passes or fails, it reports how each count, the time and the rows grew: the growth
 * class each matches best, the power of the parameter it grows like and how well that power fits;
 * and it names each statement whose executions grew with the parameter, so that an N+1 (a statement
 * run once per item) shows as one statement growing like the parameter.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface ExpectScaling {

    /** The fastest growth allowed. */
    Growth atMost();

    /**
     * The fastest growth allowed for the statements a call runs, in total and each statement's
     * executions, when it differs from {@link #atMost()}: {@code statements = Growth.CONSTANT} holds a
     * body that loads a growing number of rows to a fixed number of statements, so an N+1 fails. At
     * most one; none means {@link #atMost()}.
     */
    Growth[] statements() default {};
}
