package dev.dbbench.metric;

import java.nio.file.Path;

import dev.dbbench.spec.BenchmarkId;

/**
 * What a metric's message says about the benchmark around it.
 *
 * @param baselineRecordedAt when the baseline entry was recorded, or {@code -}
 * @param fails whether the metric's findings fail the benchmark (else they only warn)
 * @param note what the result says beyond its figures, such as why a baseline on another target was
 *     not compared; empty when there is nothing to say
 */
public record Subject(BenchmarkId id, Path baselineFile, String baselineRecordedAt, String acceptCommand,
        boolean fails, String note) {
}
