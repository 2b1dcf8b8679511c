package dev.dbbench.evaluate;

import java.util.Optional;

import dev.dbbench.config.BaselineMode;
import dev.dbbench.config.TimeGate;
import dev.dbbench.metric.Finding;
import dev.dbbench.metric.MetricResult;
import dev.dbbench.verdict.ExpectationVerdict;
import dev.dbbench.verdict.ScalingVerdict;
import dev.dbbench.verdict.Verdict;

/**
 * Turns what judging found into consequences: whether a benchmark fails or warns, and whether a
 * suspected timing regression is re-measured first. Whether a baseline entry is written is not its
 * business but {@link BaselineRecorder}'s.
 */
public final class Gate {

    private final BaselineMode mode;
    private final boolean failOnMissing;
    private final Optional<TimeGate> timeGate;
    private final boolean inCi;
    private final Optional<Boolean> reportedTimings;

    /**
     * @param failOnMissing whether {@link BaselineMode#COMPARE} fails a benchmark that has no baseline
     *     instead of recording it
     * @param timeGate the configured timing gate; empty takes the default: {@code fail} in CI and
     *     against baselines recorded on a developer machine, {@code warn} on a developer machine
     *     comparing with baselines recorded in CI (another machine, usually another speed)
     */
    public Gate(BaselineMode mode, boolean failOnMissing, Optional<TimeGate> timeGate, boolean inCi) {
        this(mode, failOnMissing, timeGate, inCi, Optional.empty());
    }

    private Gate(BaselineMode mode, boolean failOnMissing, Optional<TimeGate> timeGate, boolean inCi,
            Optional<Boolean> reportedTimings) {
        this.mode = mode;
        this.failOnMissing = failOnMissing;
        this.timeGate = timeGate;
        this.inCi = inCi;
        this.reportedTimings = reportedTimings;
    }

    /**
     * This gate with timing changes reported and never failed, whatever {@code dbbench.gate.time} says:
     * for baselines whose timings have no authority on this machine ({@link TimingAuthority}) and for
     * engines whose timings say nothing about the real server, such as an emulator inside the test
     * JVM. A timing regression or an inconclusive timing is then information when the work counts
     * vouch that the work did not change, and a warning when they moved or could not be compared.
     *
     * @param countsVouch whether the work counts were compared with the baseline and none moved
     */
    public Gate reportingTimings(boolean countsVouch) {
        return new Gate(mode, failOnMissing, timeGate, inCi, Optional.of(countsVouch));
    }

    public BaselineMode mode() {
        return mode;
    }

    /** The timing gate for a comparison with a baseline recorded in CI or not. */
    public TimeGate timeGate(boolean baselineRecordedInCi) {
        return timeGate.orElse(!inCi && baselineRecordedInCi ? TimeGate.WARN : TimeGate.FAIL);
    }

    /**
     * Whether a suspected timing regression is worth re-measuring before deciding: where the time gate
     * fails or warns on a confirmed one. Timings that are only reported (another machine's baseline, an
     * emulator) would spend a whole sampling again to tell information from information.
     */
    public boolean confirms(Verdict verdict, boolean baselineRecordedInCi) {
        return verdict == Verdict.REGRESSION && mode != BaselineMode.UPDATE && reportedTimings.isEmpty()
                && timeGate(baselineRecordedInCi) != TimeGate.OFF;
    }

    /** What one metric's result does, by how the metric gates. */
    public Decision decide(MetricResult<?, ?> result, boolean baselineRecordedInCi) {
        return switch (result.metric().gating()) {
            case TIMING -> decide(result.assessment().verdict(), baselineRecordedInCi);
            case EXACT -> result.assessment().findings().stream().anyMatch(Finding::fails)
                    ? Decision.FAIL : Decision.NONE;
            case INFORMATIONAL -> Decision.NONE;
        };
    }

    /**
     * What a metric the baseline holds but this run could not measure does: a gate that passes without
     * it would pass silently, so it fails in CI, and when recording, which would drop it from the
     * baseline; elsewhere it warns.
     */
    public Decision decideUnmeasured() {
        return inCi || mode == BaselineMode.UPDATE ? Decision.FAIL : Decision.WARN;
    }

    /**
     * What a metric the baseline holds but the configuration switched off does: an update removes it
     * from the entry, as asked; a comparison says it was not compared and warns, never fails, since the
     * switch is the user's word.
     */
    public Decision decideSwitchedOff() {
        return mode == BaselineMode.UPDATE ? Decision.NONE : Decision.WARN;
    }

    /** What a timing verdict does; a benchmark without a baseline fails here when missing baselines fail. */
    public Decision decide(Verdict verdict, boolean baselineRecordedInCi) {
        final TimeGate gate = timeGate(baselineRecordedInCi);
        final Decision timing;
        if (gate == TimeGate.OFF || verdict != Verdict.REGRESSION && verdict != Verdict.INCONCLUSIVE) {
            timing = Decision.NONE;
        } else if (reportedTimings.isPresent()) {
            timing = reportedTimings.get() ? Decision.INFORM : Decision.WARN;
        } else {
            timing = verdict == Verdict.REGRESSION && gate == TimeGate.FAIL ? Decision.FAIL : Decision.WARN;
        }
        return switch (mode) {
            case UPDATE -> Decision.NONE;
            case COMPARE -> verdict == Verdict.NEW ? new Decision(failOnMissing, false) : timing;
        };
    }

    /**
     * What a relative expectation's verdict does. It compares two benchmarks measured side by side in
     * one run, so neither where the baseline was recorded nor {@code dbbench.gate.time} (which governs
     * timings compared with a stored baseline) changes it, and the update mode does not silence it
     * either: a miss confirmed by an interleaved re-run fails, an unclear one warns.
     */
    public Decision decide(ExpectationVerdict verdict) {
        return switch (verdict) {
            case MET -> Decision.NONE;
            case MISSED -> Decision.FAIL;
            case INCONCLUSIVE -> Decision.WARN;
        };
    }

    /**
     * What a {@code @ExpectScaling} verdict does. It is judged on exact counts, so neither the time gate
     * nor the update mode silences a miss; growth that could not be judged is treated like a metric the
     * run could not measure.
     */
    public Decision decide(ScalingVerdict verdict) {
        return switch (verdict) {
            case MET -> Decision.NONE;
            case MISSED -> Decision.FAIL;
            case UNJUDGED -> decideUnmeasured();
        };
    }

    /** Whether a missed expectation is re-run before deciding: always, since a miss fails. */
    public boolean confirms(ExpectationVerdict verdict) {
        return verdict == ExpectationVerdict.MISSED;
    }
}
