package dev.dbbench.metric;

/** How a metric's findings act on the build. */
public enum Gating {
    /**
     * Noisy (wall time): judged statistically, a suspected regression is re-measured before it
     * counts, and {@code dbbench.gate.time} decides whether it fails, warns or is only shown.
     */
    TIMING,
    /**
     * Deterministic (plans, counters, sizes): one run decides, on any machine; a finding that fails
     * fails whatever {@code dbbench.gate.time} says. The update mode accepts changes, never a missed
     * declared expectation.
     */
    EXACT,
    /** Shown beside the others (server CPU time), never failing or warning. */
    INFORMATIONAL
}
