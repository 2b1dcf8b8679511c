package dev.dbbench.verdict;

/** Whether a relative expectation ({@code @ExpectFasterThan}) held. */
public enum ExpectationVerdict {
    /** The whole interval of the speed-up lies at or above the required factor. */
    MET,
    /** The whole interval lies below the required factor, in the first pass and in a re-run. */
    MISSED,
    /** The interval straddles the factor, or a miss was not repeated by the re-run. */
    INCONCLUSIVE
}
