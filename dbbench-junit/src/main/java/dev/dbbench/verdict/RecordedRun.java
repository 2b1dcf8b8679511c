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
 * @param layout what ran before the benchmark's class in its test JVM, such as {@code 2:3fa9c01e} (two
 *     classes, and which): a class's timings move with it; empty where the run did not record it
 */
public record RecordedRun(double median, int n, double slices, String recordedAt, String machine, String cpu,
        String layout) {

    /** A run whose JVM layout is not known, as baselines of earlier versions hold them. */
    public RecordedRun(double median, int n, double slices, String recordedAt, String machine, String cpu) {
        this(median, n, slices, recordedAt, machine, cpu, "");
    }

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
