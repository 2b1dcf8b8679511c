package dev.dbbench.verdict;

/** How a benchmark's current numbers compare with its baseline. */
public enum Verdict {
    /** Within the threshold of the baseline. */
    PASS,
    /** Slower than the baseline by more than the threshold. */
    REGRESSION,
    /** Faster than the baseline by more than the threshold. */
    IMPROVEMENT,
    /** No baseline to compare with. */
    NEW
}
