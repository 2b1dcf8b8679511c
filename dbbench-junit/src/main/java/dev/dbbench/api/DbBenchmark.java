package dev.dbbench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.dbbench.junit.DbBenchmarkExtension;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test method as a database benchmark: its body is timed on each engine target and judged
 * against the committed baseline.
 *
 * <p>Each attribute left at {@link #DEFAULT} takes its value from the configuration parameter named
 * in its Javadoc (a {@code -D} system property or {@code junit-platform.properties}), then from the
 * built-in default listed in {@link ConfigKeys}.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
@ExtendWith(DbBenchmarkExtension.class)
public @interface DbBenchmark {

    /** Marker for "not set here": the value comes from configuration. */
    int DEFAULT = Integer.MIN_VALUE;

    /** Untimed samples run first and discarded; {@link ConfigKeys#WARMUPS}. Zero or more. */
    int warmups() default DEFAULT;

    /** Timed samples; {@link ConfigKeys#SAMPLES}. At least one. */
    int samples() default DEFAULT;

    /**
     * Calls of the body per sample; {@link ConfigKeys#OPS_PER_SAMPLE}. When unset, dbbench calibrates
     * the count so each sample lasts at least {@link #minSampleMillis()}.
     */
    int opsPerSample() default DEFAULT;

    /** Shortest sample when calibrating operations per sample; {@link ConfigKeys#MIN_SAMPLE_MILLIS}. */
    int minSampleMillis() default DEFAULT;

    /**
     * How much slower, in percent of the baseline median, the current median may be before the
     * benchmark is a regression; {@link ConfigKeys#THRESHOLD_PERCENT}.
     */
    double thresholdPercent() default DEFAULT;

    /**
     * Longest the benchmark's calibration, warm-ups and samples may run together, and so each call in
     * them; the capture call and each re-run may take as long again. {@link ConfigKeys#TIMEOUT_SECONDS}.
     */
    int timeoutSeconds() default DEFAULT;

    /**
     * Client threads that call the body at once, each with injected values of its own (its own
     * {@code Connection}), started together for every sample; {@link ConfigKeys#THREADS}. From 1 to
     * {@link ConfigKeys#MAX_THREADS}. With clients, the benchmark also reports its throughput and the
     * percentiles of its calls' latency, and each sample lasts {@link #minSampleMillis()} unless
     * {@link #opsPerSample()} fixes the calls of each client. When unset everywhere, the body runs
     * alone on dbbench's own thread.
     */
    int threads() default DEFAULT;
}
