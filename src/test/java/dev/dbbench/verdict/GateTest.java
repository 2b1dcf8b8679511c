package dev.dbbench.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;

import dev.dbbench.baseline.BaselineMode;
import org.junit.jupiter.api.Test;

class GateTest {

    private static final boolean CI = true;
    private static final boolean DEVELOPER = false;

    @Test
    void compareFailsConfirmedRegressionsAndWarnsOnInconclusiveOnes() {
        final Gate gate = new Gate(BaselineMode.COMPARE, false, Optional.empty(), CI);

        assertThat(gate.decide(Verdict.REGRESSION, true)).isEqualTo(new Gate.Decision(true, false, false));
        assertThat(gate.decide(Verdict.INCONCLUSIVE, true)).isEqualTo(new Gate.Decision(false, true, false));
        assertThat(gate.decide(Verdict.PASS, true)).isEqualTo(new Gate.Decision(false, false, false));
        assertThat(gate.decide(Verdict.IMPROVEMENT, true)).isEqualTo(new Gate.Decision(false, false, false));
    }

    @Test
    void compareRecordsOrFailsMissingBaselinesAsConfigured() {
        assertThat(new Gate(BaselineMode.COMPARE, false, Optional.empty(), DEVELOPER).decide(Verdict.NEW, false))
                .isEqualTo(new Gate.Decision(false, false, true));
        assertThat(new Gate(BaselineMode.COMPARE, true, Optional.empty(), CI).decide(Verdict.NEW, false))
                .isEqualTo(new Gate.Decision(true, false, false));
    }

    @Test
    void updateWritesEverythingAndFailsNothing() {
        final Gate gate = new Gate(BaselineMode.UPDATE, true, Optional.of(TimeGate.FAIL), CI);

        for (Verdict verdict : Verdict.values()) {
            assertThat(gate.decide(verdict, true)).as(verdict.name()).isEqualTo(new Gate.Decision(false, false, true));
            assertThat(gate.confirms(verdict, true)).as(verdict.name()).isFalse();
        }
    }

    @Test
    void recordMissingRecordsOnlyNewEntriesEvenWhenMissingOnesWouldFail() {
        final Gate gate = new Gate(BaselineMode.RECORD_MISSING, true, Optional.empty(), CI);

        assertThat(gate.decide(Verdict.NEW, false)).isEqualTo(new Gate.Decision(false, false, true));
        assertThat(gate.decide(Verdict.REGRESSION, false)).isEqualTo(new Gate.Decision(true, false, false));
        assertThat(gate.decide(Verdict.PASS, false)).isEqualTo(new Gate.Decision(false, false, false));
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

        assertThat(gate.decide(Verdict.REGRESSION, false)).isEqualTo(new Gate.Decision(false, true, false));
        assertThat(gate.confirms(Verdict.REGRESSION, false)).isTrue();
    }

    @Test
    void warningOnlyTurnsTimingFailuresIntoWarningsButKeepsOffAndExpectations() {
        final Gate failing = new Gate(BaselineMode.COMPARE, false, Optional.of(TimeGate.FAIL), CI);
        final Gate off = new Gate(BaselineMode.COMPARE, false, Optional.of(TimeGate.OFF), CI);

        assertThat(failing.warningOnly().decide(Verdict.REGRESSION, false)).isEqualTo(new Gate.Decision(false, true, false));
        assertThat(failing.warningOnly().confirms(Verdict.REGRESSION, false)).isTrue();
        assertThat(off.warningOnly().decide(Verdict.REGRESSION, false)).isEqualTo(new Gate.Decision(false, false, false));
        assertThat(failing.decide(ExpectationVerdict.MISSED)).isEqualTo(new Gate.Decision(true, false, false));
    }

    @Test
    void offNeitherFailsNorWarnsNorReruns() {
        final Gate gate = new Gate(BaselineMode.COMPARE, false, Optional.of(TimeGate.OFF), CI);

        assertThat(gate.decide(Verdict.REGRESSION, false)).isEqualTo(new Gate.Decision(false, false, false));
        assertThat(gate.decide(Verdict.INCONCLUSIVE, false)).isEqualTo(new Gate.Decision(false, false, false));
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
        assertThat(TimeGate.parse(" Warn ")).contains(TimeGate.WARN);
        assertThat(TimeGate.parse("loud")).isEmpty();
        assertThat(TimeGate.allowed()).isEqualTo("fail, warn, off");
    }
}
