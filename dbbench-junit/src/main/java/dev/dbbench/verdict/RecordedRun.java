package dev.dbbench.verdict;

/**
 * One independent run of a benchmark as its baseline keeps it: what the run-to-run spread, and so
 * the fence a later run is judged against, is computed from.
 *
 * @param median the median of the run's samples, in nanoseconds per operation
 * @param n how many samples the run took
 * @param slices the median of the machine-speed ruler slices timed between the run's samples, in
 *     nanoseconds; NaN when the engine has no ruler workload
 * @param recordedAt ISO-8601 instant of the run, to the second
 * @param machine an opaque identifier of the host the run was taken on, so a baseline can tell
 *     whether its runs came from more than one machine
 * @param cpu the host's CPU model and count, such as {@code AMD EPYC x2}
 */
public record RecordedRun(double median, int n, double slices, String recordedAt, String machine, String cpu) {

    public RecordedRun {
        if (!(median > 0) || Double.isInfinite(median)) {
            throw new IllegalArgumentException("a run's median must be a positive number but was " + median);
        }
        if (n < 1) {
            throw new IllegalArgumentException("a run has at least one sample but had " + n);
        }
    }

    /** Whether the run carries a ruler reading taken at the moments of its samples. */
    public boolean hasSlices() {
        return slices > 0 && Double.isFinite(slices);
    }
}
