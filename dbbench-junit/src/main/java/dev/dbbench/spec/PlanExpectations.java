package dev.dbbench.spec;

import java.util.List;

/**
 * What a benchmark method declares its statements' plans must show, whatever the baseline says:
 * {@code @UsesIndex}, {@code @NoSeqScan}, {@code @MaxStatements}.
 *
 * @param noSeqScanAtAll whether {@code @NoSeqScan} names no table, so no table may be scanned
 */
public record PlanExpectations(List<String> usesIndexes, List<String> noSeqScanOn, boolean noSeqScanAtAll,
        int maxStatementsPerOp) {

    /** {@link #maxStatementsPerOp()} when the method declares no limit. */
    public static final int UNLIMITED = Integer.MAX_VALUE;

    /** No expectation at all. */
    public static final PlanExpectations NONE = new PlanExpectations(List.of(), List.of(), false, UNLIMITED);

    public PlanExpectations {
        usesIndexes = List.copyOf(usesIndexes);
        noSeqScanOn = List.copyOf(noSeqScanOn);
    }

    /** Whether the method declares any expectation at all. */
    public boolean declared() {
        return !usesIndexes.isEmpty() || !noSeqScanOn.isEmpty() || noSeqScanAtAll || maxStatementsPerOp != UNLIMITED;
    }
}
