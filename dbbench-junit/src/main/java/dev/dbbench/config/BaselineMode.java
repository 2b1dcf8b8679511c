package dev.dbbench.config;

/** What a run does with the baseline files; set with {@code dbbench.baseline.mode}. */
public enum BaselineMode {
    /** Judge against the baselines and write nothing but entries that are missing (when allowed). */
    COMPARE,
    /** Rewrite the entries of the benchmarks that ran, keep every other entry; never fail a benchmark on a baseline. */
    UPDATE,
    /** Judge what has a baseline and record what has none, whether or not {@code CI} is set. */
    RECORD_MISSING
}
