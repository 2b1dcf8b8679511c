package dev.dbbench.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import dev.dbbench.baseline.BaselineMode;
import dev.dbbench.verdict.Gate.Decision;

class GateTest {

    private static final Decision PASSES = new Decision(false, false);
    private static final Decision FAILS = new Decision(true, false);
    private static final Decision RECORDS = new Decision(false, true);

    /**
     * Every mode x verdict x failOnMissing, written out rather than derived, so the table reads as the
     * policy a user is promised and a changed rule shows up as a changed row.
     */
    private static final List<Row> TABLE = List.of(
            // compare: judge, never write, except a missing baseline which fails or is recorded.
            row(BaselineMode.COMPARE, Verdict.PASS, false, PASSES),
            row(BaselineMode.COMPARE, Verdict.PASS, true, PASSES),
            row(BaselineMode.COMPARE, Verdict.IMPROVEMENT, false, PASSES),
            row(BaselineMode.COMPARE, Verdict.IMPROVEMENT, true, PASSES),
            row(BaselineMode.COMPARE, Verdict.REGRESSION, false, FAILS),
            row(BaselineMode.COMPARE, Verdict.REGRESSION, true, FAILS),
            row(BaselineMode.COMPARE, Verdict.NEW, false, RECORDS),
            row(BaselineMode.COMPARE, Verdict.NEW, true, FAILS),
            // update: rewrite everything that ran, fail nothing, whatever the verdict.
            row(BaselineMode.UPDATE, Verdict.PASS, false, RECORDS),
            row(BaselineMode.UPDATE, Verdict.PASS, true, RECORDS),
            row(BaselineMode.UPDATE, Verdict.IMPROVEMENT, false, RECORDS),
            row(BaselineMode.UPDATE, Verdict.IMPROVEMENT, true, RECORDS),
            row(BaselineMode.UPDATE, Verdict.REGRESSION, false, RECORDS),
            row(BaselineMode.UPDATE, Verdict.REGRESSION, true, RECORDS),
            row(BaselineMode.UPDATE, Verdict.NEW, false, RECORDS),
            row(BaselineMode.UPDATE, Verdict.NEW, true, RECORDS),
            // record-missing: judge what has a baseline, record what has none even where CI says fail.
            row(BaselineMode.RECORD_MISSING, Verdict.PASS, false, PASSES),
            row(BaselineMode.RECORD_MISSING, Verdict.PASS, true, PASSES),
            row(BaselineMode.RECORD_MISSING, Verdict.IMPROVEMENT, false, PASSES),
            row(BaselineMode.RECORD_MISSING, Verdict.IMPROVEMENT, true, PASSES),
            row(BaselineMode.RECORD_MISSING, Verdict.REGRESSION, false, FAILS),
            row(BaselineMode.RECORD_MISSING, Verdict.REGRESSION, true, FAILS),
            row(BaselineMode.RECORD_MISSING, Verdict.NEW, false, RECORDS),
            row(BaselineMode.RECORD_MISSING, Verdict.NEW, true, RECORDS));

    @TestFactory
    Stream<DynamicTest> decisionForEveryModeVerdictAndMissingPolicy() {
        return TABLE.stream().map(row -> DynamicTest.dynamicTest(row.toString(), () ->
                assertThat(new Gate(row.mode(), row.failOnMissing()).decide(row.verdict()))
                        .as(row.toString())
                        .isEqualTo(row.expected())));
    }

    @Test
    void tableCoversEveryCombinationOnce() {
        final Set<List<Object>> seen = new HashSet<>();
        TABLE.forEach(row -> assertThat(seen.add(List.of(row.mode(), row.verdict(), row.failOnMissing())))
                .as("duplicate row %s", row).isTrue());

        // A verdict or mode added later without a row here would otherwise go unchecked.
        assertThat(seen).hasSize(EnumSet.allOf(BaselineMode.class).size() * EnumSet.allOf(Verdict.class).size() * 2);
    }

    @Test
    void noModeEverBothFailsAndWritesABaseline() {
        // A failing benchmark's numbers must never become the baseline that would let it pass next time.
        for (BaselineMode mode : BaselineMode.values()) {
            for (Verdict verdict : Verdict.values()) {
                for (boolean failOnMissing : new boolean[] {false, true}) {
                    final Decision decision = new Gate(mode, failOnMissing).decide(verdict);
                    assertThat(decision.fails() && decision.writesBaseline())
                            .as("%s %s failOnMissing=%s", mode, verdict, failOnMissing).isFalse();
                }
            }
        }
    }

    @Test
    void failsOnMissingOnlyInCompareMode() {
        assertThat(new Gate(BaselineMode.COMPARE, true).failsOnMissing()).isTrue();
        assertThat(new Gate(BaselineMode.COMPARE, false).failsOnMissing()).isFalse();
        assertThat(new Gate(BaselineMode.UPDATE, true).failsOnMissing()).isFalse();
        assertThat(new Gate(BaselineMode.RECORD_MISSING, true).failsOnMissing()).isFalse();
    }

    @Test
    void modeIsReportedAsConfigured() {
        assertThat(new Gate(BaselineMode.RECORD_MISSING, false).mode()).isEqualTo(BaselineMode.RECORD_MISSING);
    }

    private static Row row(BaselineMode mode, Verdict verdict, boolean failOnMissing, Decision expected) {
        return new Row(mode, verdict, failOnMissing, expected);
    }

    private record Row(BaselineMode mode, Verdict verdict, boolean failOnMissing, Decision expected) {

        @Override
        public String toString() {
            return mode.value() + " " + verdict + (failOnMissing ? " failOnMissing" : " recordMissing") + " -> "
                    + (expected.fails() ? "fails" : "passes") + (expected.writesBaseline() ? ", writes" : "");
        }
    }
}
