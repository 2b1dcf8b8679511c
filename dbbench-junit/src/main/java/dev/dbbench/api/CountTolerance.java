package dev.dbbench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How far, in percent, a benchmark's counts that are not exact may rise before they fail, where the
 * defaults do not fit it; on a method or on its class. Statement and command counts and round trips
 * are always exact.
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface CountTolerance {

    /** Marker for "not set here": the configuration parameter decides. */
    double DEFAULT = -1;

    /** Server instructions per operation; {@link ConfigKeys#TOLERANCE_INSTRUCTIONS_PERCENT}. */
    double instructionsPercent() default DEFAULT;

    /**
     * Bytes sent and received, and what the statements write, per operation;
     * {@link ConfigKeys#TOLERANCE_BYTES_PERCENT}.
     */
    double bytesPercent() default DEFAULT;

    /** Bytes allocated per operation by the benchmark's thread; {@link ConfigKeys#TOLERANCE_ALLOCATIONS_PERCENT}. */
    double allocationsPercent() default DEFAULT;
}
