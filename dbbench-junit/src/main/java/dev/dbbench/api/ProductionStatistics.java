package dev.dbbench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Loads planner statistics exported from production into the class's PostgreSQL databases, so that
 * its plans, and the plan gates ({@link UsesIndex}, {@link NoSeqScan}, the recorded plan shape), are
 * the plans production's statistics produce rather than those of the small CI data set. Needs
 * PostgreSQL 18 or later, whose {@code pg_restore_relation_stats} and {@code pg_restore_attribute_stats}
 * load them.
 *
 * <p>Each file holds those functions' calls, as {@code pg_dump --statistics-only} writes them or as
 * the export query of docs/production-statistics.md does; nothing else of it runs. The statistics are
 * loaded once per database, after its {@code @DbFixture}s and the class's {@code @BeforeAll} and
 * {@code @BeforeEach} methods and before the first sample: every table they name must exist and hold
 * a row by then (an index they name that does not exist is left out, for the plan gates to judge). Each relation's page count is set to its size in the class's
 * database (the planner scales the row count by it), and autovacuum is switched off for the tables, so
 * nothing but the benchmark itself replaces them; an {@code ANALYZE}, {@code VACUUM} or
 * {@code TRUNCATE} of such a table before the plans are captured fails the benchmark.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface ProductionStatistics {

    /**
     * The statistics files, resolved as {@link Class#getResource} does from the annotated class: a
     * plain path relative to the class's package, a path starting with {@code /} from the class path's
     * root; a {@code file:} path names a file relative to the working directory (the module's).
     */
    String[] value();
}
