package dev.dbbench.verdict;

/** How a benchmark's current numbers compare with its baseline. */
public enum Verdict {
    /** Within the threshold of the baseline, with confidence. */
    PASS,
    /** Slower than the baseline beyond the threshold, significantly, and confirmed by a re-run. */
    REGRESSION,
    /** Faster than the baseline beyond the threshold, significantly. */
    IMPROVEMENT,
    /** The samples cannot tell: too noisy, too few, not confirmed, or the machine's speed moved. */
    INCONCLUSIVE,
    /** No baseline to compare with. */
    NEW
}
