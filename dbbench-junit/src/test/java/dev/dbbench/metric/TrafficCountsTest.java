package dev.dbbench.metric;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.config.EnvironmentPolicy;
import dev.dbbench.config.Settings;
import dev.dbbench.engine.Traffic;
import dev.dbbench.env.HostFingerprint;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.PlanExpectations;
import dev.dbbench.spec.TimingRule;
import dev.dbbench.verdict.Verdict;
import org.junit.jupiter.api.Test;

class TrafficCountsTest {

    private static final TrafficCounts TRAFFIC = new TrafficCounts();

    @Test
    void aStatementWhoseLiteralChangedIsTheSameStatement() {
        final Traffic before = traffic(Map.of("SELECT sum(g) FROM generate_series(1, 200000) AS g", 1L), 1);
        final Traffic after = traffic(Map.of("select sum(g)\n  from generate_series(1, 220000) as g", 1L), 1);

        assertThat(TRAFFIC.assess(after, Optional.of(before), judging(false)).findings()).isEmpty();
    }

    @Test
    void theSameStatementExecutedMoreOftenIsNamedWithItsText() {
        final Traffic before = traffic(Map.of("select * from items where order_id in (?, ?)", 1L), 1);
        final Traffic after = traffic(Map.of("select * from items where order_id in (?)", 2L), 2);

        final FindingsAssessment assessment = TRAFFIC.assess(after, Optional.of(before), judging(false));

        assertThat(assessment.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(assessment.findings()).extracting(Finding::subject)
                .containsExactly("select * from items where order_id in (?)", "-");
        assertThat(assessment.findings().get(0).detail()).isEqualTo("executions per call 1 -> 2");
    }

    @Test
    void unseenStatementsWarnOutsideCiAndFailInCi() {
        final Traffic unseen = traffic(Map.of(), 0).withUnseen(3);

        final FindingsAssessment locally = TRAFFIC.assess(unseen, Optional.empty(), judging(false));
        final FindingsAssessment inCi = TRAFFIC.assess(unseen, Optional.empty(), judging(true));

        assertThat(locally.findings()).singleElement().satisfies(finding -> {
            assertThat(finding.fails()).isFalse();
            assertThat(finding.detail()).startsWith("3 statement(s) ran on the database during the call on connections"
                    + " dbbench does not see");
        });
        assertThat(inCi.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(inCi.findings()).singleElement().matches(Finding::holdsInUpdate);
    }

    @Test
    void aCallThatSentNothingIsReported() {
        assertThat(TRAFFIC.assess(Traffic.NONE, Optional.empty(), judging(true)).findings())
                .singleElement().satisfies(finding -> assertThat(finding.detail()).startsWith("the call sent nothing"));
    }

    @Test
    void mongoCommandsAreToldApartByShapeAndABaselineOfNamesOnlyIsComparedByName() {
        final Traffic byName = traffic(Map.of("find", 1L), 1);
        final Traffic brand = traffic(Map.of("find products {brand: ?}", 1L), 1);
        final Traffic name = traffic(Map.of("find products {name: ?}", 1L), 1);

        assertThat(TRAFFIC.assess(name, Optional.of(brand), judging(EngineKind.MONGODB, false)).findings())
                .extracting(Finding::subject, Finding::detail).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("find products {brand: ?}", "executions per call 1 -> 0"),
                        org.assertj.core.groups.Tuple.tuple("find products {name: ?}", "executions per call 0 -> 1"));
        // Recorded before commands had shapes: the same command by name, and a second find still fails.
        assertThat(TRAFFIC.assess(brand, Optional.of(byName), judging(EngineKind.MONGODB, false)).findings()).isEmpty();
        assertThat(TRAFFIC.assess(traffic(Map.of("find products {brand: ?}", 2L), 2), Optional.of(byName),
                judging(EngineKind.MONGODB, false)).verdict()).isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void aStoredValueWithoutUnseenStatementsReadsAsZeroAndIsWrittenWithout() {
        final Traffic traffic = traffic(Map.of("SELECT 1", 1L), 1);
        final ObjectNode written = (ObjectNode) TRAFFIC.write(traffic);

        assertThat(written.has("unseen")).isFalse();
        assertThat(TRAFFIC.read(written)).isEqualTo(traffic);
        assertThat(TRAFFIC.read(TRAFFIC.write(traffic.withUnseen(2))).unseen()).isEqualTo(2);
    }

    private static Traffic traffic(Map<String, Long> requests, long roundTrips) {
        return new Traffic(new TreeMap<>(requests), roundTrips, 0, 40, 40);
    }

    private static Judging judging(boolean inCi) {
        return judging(EngineKind.POSTGRES, inCi);
    }

    private static Judging judging(EngineKind engine, boolean inCi) {
        final SortedMap<String, String> environment = new TreeMap<>(Map.of(HostFingerprint.CI, Boolean.toString(inCi)));
        return new Judging(engine, new TimingRule(25, 0.01, 3, 50, false, EnvironmentPolicy.WARN),
                PlanExpectations.NONE, new Settings.Tolerances(1, 1, 10), environment, Optional.empty());
    }
}
