package dev.dbbench.config;

/** What a timing regression does to the build; set with {@code dbbench.gate.time}. */
public enum TimeGate {
    /** A confirmed timing regression fails the benchmark. */
    FAIL,
    /** A confirmed timing regression is reported as a warning; the benchmark passes. */
    WARN,
    /** Timing verdicts are shown but never fail or warn, and suspected regressions are not re-run. */
    OFF
}
