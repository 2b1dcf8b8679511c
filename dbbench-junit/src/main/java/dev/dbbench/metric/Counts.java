package dev.dbbench.metric;

import java.util.List;

/**
 * The one rule by which a count (blocks, bytes, requests, instructions) is compared with its
 * baseline: a change counts when it is beyond a relative tolerance and beyond an absolute floor,
 * both of which may be zero for an exact count. A rise is more work and fails; a fall is reported.
 */
final class Counts {

    private Counts() {
    }

    /**
     * Adds a finding to {@code findings} when {@code after} moved away from {@code before} by more than
     * {@code tolerance} (a fraction of the smaller) and more than {@code floor}.
     */
    static void compare(List<Finding> findings, String subject, String counter, long before, long after,
            double tolerance, long floor) {
        if (after > before * (1 + tolerance) && after - before > floor) {
            findings.add(new Finding(Finding.Kind.MORE_WORK, subject, counter + " " + before + " -> " + after));
        } else if (before > after * (1 + tolerance) && before - after > floor) {
            findings.add(new Finding(Finding.Kind.LESS_WORK, subject, counter + " " + before + " -> " + after));
        }
    }
}
