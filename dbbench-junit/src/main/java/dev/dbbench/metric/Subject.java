package dev.dbbench.metric;

import java.nio.file.Path;

import dev.dbbench.spec.BenchmarkId;

/**
 * What a metric's message says about the benchmark around it.
 *
 * @param baselineRecordedAt when the baseline entry was recorded, or {@code -}
 * @param fails whether the metric's findings fail the benchmark
 * @param informs whether they are shown as information (else, when they do not fail, as a warning)
 * @param note what the result says beyond its figures, such as why a baseline on another target was
 *     not compared; empty when there is nothing to say
 * @param timing whether a timing regression may fail the build here, and why: the baseline's runs,
 *     where they were recorded, or the engine
 * @param counts what the benchmark's work counts say beside its timings
 * @param compareCommand the same-runner A/B comparison with the base commit that settles a timing change
 */
public record Subject(BenchmarkId id, Path baselineFile, String baselineRecordedAt, String acceptCommand,
        boolean fails, boolean informs, String note, String timing, WorkCounts counts, String compareCommand) {

    /** The words a headline adds for what the gate did: nothing when it fails. */
    public String outcome() {
        return fails ? "" : informs ? " (information, not failed)" : " (warning, not failed)";
    }
}
