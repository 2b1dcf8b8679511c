package dev.dbbench.evaluate;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

import dev.dbbench.baseline.BaselineEntry;
import dev.dbbench.baseline.BaselineStore;
import dev.dbbench.baseline.EntryChange;
import dev.dbbench.config.BaselineMode;
import dev.dbbench.config.Choices;
import dev.dbbench.config.TimeGate;
import dev.dbbench.metric.MetricValues;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.Timings;
import dev.dbbench.verdict.ExpectationVerdict;
import dev.dbbench.verdict.ScalingVerdict;
import dev.dbbench.verdict.Verdict;
import org.junit.jupiter.api.Test;

class GateTest {

    private static final boolean CI = true;
    private static final boolean DEVELOPER = false;
    private static final Optional<BaselineEntry> HAS_ENTRY = Optional.of(BaselineEntry.of("lookup", "pg",
            Instant.parse("2026-01-01T00:00:00Z"), MetricValues.empty().with(Metrics.TIME,
                    new Timings(5, 1, new double[] {100, 110, 120}, new TreeMap<>())), new TreeMap<>()));
    private static final Optional<BaselineEntry> NO_ENTRY = Optional.empty();
    private static final EntryChange MOVED = new EntryChange(List.of("time 100 ns -> 150 ns (+50.0 %)"));
    private static final EntryChange UNMOVED = new EntryChange(List.of());

    @Test
    void compareFailsConfirmedRegressionsAndWarnsOnInconclusiveOnes() {
        final Gate gate = new Gate(BaselineMode.COMPARE, false, Optional.empty(), CI);

        assertThat(gate.decide(Verdict.REGRESSION, true)).isEqualTo(Decision.FAIL);
        assertThat(gate.decide(Verdict.INCONCLUSIVE, true)).isEqualTo(Decision.WARN);
        assertThat(gate.decide(Verdict.PASS, true)).isEqualTo(Decision.NONE);
        assertThat(gate.decide(Verdict.IMPROVEMENT, true)).isEqualTo(Decision.NONE);
        assertThat(recorder(BaselineMode.COMPARE, false).writes(HAS_ENTRY, MOVED)).isFalse();
    }

    @Test
    void aMissedScalingFailsWhateverTheTimeGateAndTheModeSay() {
        for (BaselineMode mode : BaselineMode.values()) {
            final Gate gate = new Gate(mode, false, Optional.of(TimeGate.OFF), DEVELOPER);

            assertThat(gate.decide(ScalingVerdict.MISSED)).as(mode.name()).isEqualTo(Decision.FAIL);
            assertThat(gate.decide(ScalingVerdict.MET)).as(mode.name()).isEqualTo(Decision.NONE);
            assertThat(gate.decide(ScalingVerdict.UNJUDGED)).as(mode.name()).isEqualTo(gate.decideUnmeasured());
        }
    }

    @Test
    void compareRecordsOrFailsMissingBaselinesAsConfigured() {
        assertThat(new Gate(BaselineMode.COMPARE, false, Optional.empty(), DEVELOPER).decide(Verdict.NEW, false))
                .isEqualTo(Decision.NONE);
        assertThat(recorder(BaselineMode.COMPARE, false).writes(NO_ENTRY, EntryChange.added())).isTrue();
        assertThat(new Gate(BaselineMode.COMPARE, true, Optional.empty(), CI).decide(Verdict.NEW, false))
                .isEqualTo(Decision.FAIL);
        assertThat(recorder(BaselineMode.COMPARE, true).writes(NO_ENTRY, EntryChange.added())).isFalse();
    }

    @Test
    void updateWritesEverythingAndFailsNothing() {
        final Gate gate = new Gate(BaselineMode.UPDATE, true, Optional.of(TimeGate.FAIL), CI);

        for (Verdict verdict : Verdict.values()) {
            assertThat(gate.decide(verdict, true)).as(verdict.name()).isEqualTo(Decision.NONE);
            assertThat(gate.confirms(verdict, true)).as(verdict.name()).isFalse();
        }
        assertThat(recorder(BaselineMode.UPDATE, true).writes(HAS_ENTRY, MOVED)).isTrue();
        assertThat(recorder(BaselineMode.UPDATE, true).writes(NO_ENTRY, EntryChange.added())).isTrue();
    }

    @Test
    void updateKeepsAnEntryNothingMovedIn() {
        assertThat(recorder(BaselineMode.UPDATE, false).writes(HAS_ENTRY, UNMOVED)).isFalse();
        assertThat(recorder(BaselineMode.COMPARE, false).writes(HAS_ENTRY, MOVED)).isFalse();
    }

    @Test
    void aMetricSwitchedOffIsRemovedByAnUpdateAndOnlyWarnsOtherwise() {
        assertThat(new Gate(BaselineMode.UPDATE, true, Optional.empty(), CI).decideSwitchedOff())
                .isEqualTo(Decision.NONE);
        assertThat(new Gate(BaselineMode.COMPARE, true, Optional.empty(), CI).decideSwitchedOff())
                .isEqualTo(Decision.WARN);
    }

    @Test
    void defaultTimeGateWarnsOnlyOnADeveloperMachineAgainstBaselinesFromCi() {
        assertThat(new Gate(BaselineMode.COMPARE, false, Optional.empty(), CI).timeGate(true)).isEqualTo(TimeGate.FAIL);
        assertThat(new Gate(BaselineMode.COMPARE, false, Optional.empty(), DEVELOPER).timeGate(false))
                .isEqualTo(TimeGate.FAIL);
        assertThat(new Gate(BaselineMode.COMPARE, false, Optional.empty(), DEVELOPER).timeGate(true))
                .isEqualTo(TimeGate.WARN);
        assertThat(new Gate(BaselineMode.COMPARE, false, Optional.of(TimeGate.FAIL), DEVELOPER).timeGate(true))
                .isEqualTo(TimeGate.FAIL);
    }

    @Test
    void warnReportsARegressionWithoutFailing() {
        final Gate gate = new Gate(BaselineMode.COMPARE, false, Optional.of(TimeGate.WARN), CI);

        assertThat(gate.decide(Verdict.REGRESSION, false)).isEqualTo(Decision.WARN);
        assertThat(gate.confirms(Verdict.REGRESSION, false)).isTrue();
    }

    @Test
    void reportedTimingsNeverFailAndInformWhenTheCountsVouch() {
        final Gate failing = new Gate(BaselineMode.COMPARE, false, Optional.of(TimeGate.FAIL), CI);
        final Gate off = new Gate(BaselineMode.COMPARE, false, Optional.of(TimeGate.OFF), CI);

        for (Verdict verdict : new Verdict[] {Verdict.REGRESSION, Verdict.INCONCLUSIVE}) {
            assertThat(failing.reportingTimings(true).decide(verdict, false)).as(verdict.name())
                    .isEqualTo(Decision.INFORM);
            assertThat(failing.reportingTimings(false).decide(verdict, false)).as(verdict.name())
                    .isEqualTo(Decision.WARN);
            assertThat(off.reportingTimings(true).decide(verdict, false)).as(verdict.name()).isEqualTo(Decision.NONE);
        }
        assertThat(failing.reportingTimings(true).decide(Verdict.PASS, false)).isEqualTo(Decision.NONE);
        assertThat(failing.reportingTimings(true).decide(Verdict.IMPROVEMENT, false)).isEqualTo(Decision.NONE);
        // Not re-run: a confirmation could only turn information into other information.
        assertThat(failing.reportingTimings(true).confirms(Verdict.REGRESSION, false)).isFalse();
        assertThat(failing.reportingTimings(false).confirms(Verdict.REGRESSION, false)).isFalse();
        // A missing baseline still fails in CI where missing baselines fail.
        assertThat(new Gate(BaselineMode.COMPARE, true, Optional.empty(), CI).reportingTimings(true)
                .decide(Verdict.NEW, false)).isEqualTo(Decision.FAIL);
    }

    @Test
    void aMissedExpectationFailsWhateverTheTimeGateAndTheModeSay() {
        for (BaselineMode mode : BaselineMode.values()) {
            for (TimeGate timeGate : TimeGate.values()) {
                final Gate gate = new Gate(mode, false, Optional.of(timeGate), DEVELOPER);
                final String as = mode.name() + " with dbbench.gate.time=" + timeGate.name();

                assertThat(gate.decide(ExpectationVerdict.MISSED)).as(as).isEqualTo(Decision.FAIL);
                assertThat(gate.confirms(ExpectationVerdict.MISSED)).as(as).isTrue();
                assertThat(gate.decide(ExpectationVerdict.INCONCLUSIVE)).as(as).isEqualTo(Decision.WARN);
                assertThat(gate.decide(ExpectationVerdict.MET)).as(as).isEqualTo(Decision.NONE);
                assertThat(gate.reportingTimings(true).decide(ExpectationVerdict.MISSED)).as(as)
                        .isEqualTo(Decision.FAIL);
            }
        }
    }

    @Test
    void offNeitherFailsNorWarnsNorReruns() {
        final Gate gate = new Gate(BaselineMode.COMPARE, false, Optional.of(TimeGate.OFF), CI);

        assertThat(gate.decide(Verdict.REGRESSION, false)).isEqualTo(Decision.NONE);
        assertThat(gate.decide(Verdict.INCONCLUSIVE, false)).isEqualTo(Decision.NONE);
        assertThat(gate.confirms(Verdict.REGRESSION, false)).isFalse();
    }

    @Test
    void onlySuspectedRegressionsAreRerun() {
        final Gate gate = new Gate(BaselineMode.COMPARE, false, Optional.empty(), CI);

        for (Verdict verdict : Verdict.values()) {
            assertThat(gate.confirms(verdict, false)).as(verdict.name()).isEqualTo(verdict == Verdict.REGRESSION);
        }
    }

    @Test
    void timeGateValuesParseAndListThemselves() {
        assertThat(Choices.parse(" Warn ", TimeGate.values())).contains(TimeGate.WARN);
        assertThat(Choices.parse("loud", TimeGate.values())).isEmpty();
        assertThat(Choices.allowed(TimeGate.values())).isEqualTo("fail, warn, off");
    }

    private static BaselineRecorder recorder(BaselineMode mode, boolean failOnMissing) {
        return new BaselineRecorder(new BaselineStore(Path.of("unused")), mode, failOnMissing);
    }
}
