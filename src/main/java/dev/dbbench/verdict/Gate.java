package dev.dbbench.verdict;

import dev.dbbench.baseline.BaselineMode;

/**
 * Turns a verdict into consequences under the run's baseline mode: whether the benchmark fails and
 * whether its result is written as the new baseline entry.
 */
public final class Gate {

    /** What happens to one benchmark. */
    public record Decision(boolean fails, boolean writesBaseline) {
    }

    private final BaselineMode mode;
    private final boolean failOnMissing;

    /**
     * @param failOnMissing whether {@link BaselineMode#COMPARE} fails a benchmark that has no baseline
     *     instead of recording it
     */
    public Gate(BaselineMode mode, boolean failOnMissing) {
        this.mode = mode;
        this.failOnMissing = failOnMissing;
    }

    public BaselineMode mode() {
        return mode;
    }

    public boolean failsOnMissing() {
        return failOnMissing && mode == BaselineMode.COMPARE;
    }

    public Decision decide(Verdict verdict) {
        return switch (mode) {
            case UPDATE -> new Decision(false, true);
            case RECORD_MISSING -> new Decision(verdict == Verdict.REGRESSION, verdict == Verdict.NEW);
            case COMPARE -> verdict == Verdict.NEW
                    ? new Decision(failOnMissing, !failOnMissing)
                    : new Decision(verdict == Verdict.REGRESSION, false);
        };
    }
}
