package dev.dbbench.verdict;

/** Whether a benchmark's work grew with its parameter no faster than its {@code @ExpectScaling} allows. */
public enum ScalingVerdict {
    /** Every count stayed within the bound at every value. */
    MET,
    /** Some count grew faster than the bound allows. */
    MISSED,
    /** No count was measured at every value, so growth could not be judged. */
    UNJUDGED
}
