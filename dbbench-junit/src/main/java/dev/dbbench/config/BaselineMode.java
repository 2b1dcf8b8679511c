package dev.dbbench.config;

/** What a run does with the baseline files; set with {@code dbbench.baseline.mode}. */
public enum BaselineMode {
    /**
     * Judge against the baselines and write nothing but entries that are missing, when
     * {@code dbbench.baseline.missing} lets them be recorded.
     */
    COMPARE,
    /**
     * Rewrite the entries of the benchmarks that ran whose figures moved beyond their tolerance or whose
     * sampling changed, keep every other entry byte for byte; never fail a benchmark on a baseline.
     */
    UPDATE
}
