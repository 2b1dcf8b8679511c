package dev.dbbench.verdict;

import java.util.Optional;

import dev.dbbench.baseline.BaselineMode;

/**
 * Turns a verdict into consequences: whether the benchmark fails or warns, whether a suspected
 * regression is re-run, and whether the result is written as the new baseline entry.
 */
public final class Gate {

    /** What happens to one benchmark. */
    public record Decision(boolean fails, boolean warns, boolean writesBaseline) {
    }

    private final BaselineMode mode;
    private final boolean failOnMissing;
    private final Optional<TimeGate> timeGate;
    private final boolean inCi;
    private final boolean warnsOnly;

    /**
     * @param failOnMissing whether {@link BaselineMode#COMPARE} fails a benchmark that has no baseline
     *     instead of recording it
     * @param timeGate the configured timing gate; empty takes the default: {@code fail} in CI and
     *     against baselines recorded on a developer machine, {@code warn} on a developer machine
     *     comparing with baselines recorded in CI (another machine, usually another speed)
     */
    public Gate(BaselineMode mode, boolean failOnMissing, Optional<TimeGate> timeGate, boolean inCi) {
        this(mode, failOnMissing, timeGate, inCi, false);
    }

    private Gate(BaselineMode mode, boolean failOnMissing, Optional<TimeGate> timeGate, boolean inCi,
            boolean warnsOnly) {
        this.mode = mode;
        this.failOnMissing = failOnMissing;
        this.timeGate = timeGate;
        this.inCi = inCi;
        this.warnsOnly = warnsOnly;
    }

    /**
     * This gate with timing failures turned into warnings, whatever was configured: for engines
     * whose timings say nothing about the real server, such as an emulator inside the test JVM.
     */
    public Gate warningOnly() {
        return new Gate(mode, failOnMissing, timeGate, inCi, true);
    }

    public BaselineMode mode() {
        return mode;
    }

    /** The timing gate for a comparison with a baseline recorded in CI or not. */
    public TimeGate timeGate(boolean baselineRecordedInCi) {
        final TimeGate gate = timeGate.orElse(!inCi && baselineRecordedInCi ? TimeGate.WARN : TimeGate.FAIL);
        return warnsOnly && gate == TimeGate.FAIL ? TimeGate.WARN : gate;
    }

    /** Whether a suspected regression is worth a re-run before deciding. */
    public boolean confirms(Verdict verdict, boolean baselineRecordedInCi) {
        return verdict == Verdict.REGRESSION && mode != BaselineMode.UPDATE
                && timeGate(baselineRecordedInCi) != TimeGate.OFF;
    }

    /**
     * What a relative expectation's verdict does. It compares two benchmarks of the same run, so
     * where the baseline was recorded does not matter; the update mode does not silence it either.
     */
    public Decision decide(ExpectationVerdict verdict) {
        final TimeGate gate = timeGate(false);
        return new Decision(verdict == ExpectationVerdict.MISSED && gate == TimeGate.FAIL,
                gate != TimeGate.OFF && (verdict == ExpectationVerdict.INCONCLUSIVE
                        || verdict == ExpectationVerdict.MISSED && gate == TimeGate.WARN),
                false);
    }

    /** Whether a missed expectation is re-run before deciding. */
    public boolean confirms(ExpectationVerdict verdict) {
        return verdict == ExpectationVerdict.MISSED && timeGate(false) != TimeGate.OFF;
    }

    public Decision decide(Verdict verdict, boolean baselineRecordedInCi) {
        final TimeGate gate = timeGate(baselineRecordedInCi);
        final boolean timingWarning = gate != TimeGate.OFF
                && (verdict == Verdict.INCONCLUSIVE || verdict == Verdict.REGRESSION && gate == TimeGate.WARN);
        final boolean timingFailure = verdict == Verdict.REGRESSION && gate == TimeGate.FAIL;
        return switch (mode) {
            case UPDATE -> new Decision(false, false, true);
            case RECORD_MISSING -> new Decision(timingFailure, timingWarning, verdict == Verdict.NEW);
            case COMPARE -> verdict == Verdict.NEW
                    ? new Decision(failOnMissing, false, !failOnMissing)
                    : new Decision(timingFailure, timingWarning, false);
        };
    }
}
