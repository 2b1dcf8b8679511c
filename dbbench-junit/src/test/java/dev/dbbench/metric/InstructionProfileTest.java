package dev.dbbench.metric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbbench.config.EnvironmentPolicy;
import dev.dbbench.config.Settings;
import dev.dbbench.engine.InstructionCounting.FunctionCost;
import dev.dbbench.engine.InstructionCounting;
import dev.dbbench.spec.BenchmarkId;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.PlanExpectations;
import dev.dbbench.spec.TimingRule;
import org.junit.jupiter.api.Test;

/**
 * The per-function profile of instruction counts: what a baseline keeps of it, how it is stored and
 * read back (also from a baseline that has none), and how a moved count names its functions.
 */
class InstructionProfileTest {

    private static final String JOIN = "SELECT count(*) FROM orders o JOIN customers c ON c.id = o.customer_id";
    private static final String COUNTER = "callgrind valgrind-3.19.0, postgres 17.6.0 binaries";
    private static final Judging JUDGING = new Judging(EngineKind.POSTGRES, new TimingRule(25, 0.01, 3, 50, false, EnvironmentPolicy.WARN),
            PlanExpectations.NONE, new Settings.Tolerances(1, 1, 10), new TreeMap<>(), Optional.empty());
    private static final Subject SUBJECT = new Subject(new BenchmarkId("com.example.OrderBench", "join",
            "postgres 17 embedded"), Path.of("baselines/com.example.OrderBench.json"), "2026-12-03T10:00:00Z",
            "mvn verify -Ddbbench.baseline=update", true, false, "", "timings gate here",
            new WorkCounts(List.of(), List.of(), List.of()), "mvn dbbench:compare");

    @Test
    void aStatementKeepsItsTopFunctionsBySelfAndByInclusiveTheMedianOverCallsAndTheRestAsOther() {
        final List<List<InstructionCounting.Segment>> calls = new ArrayList<>();
        for (long call = 0; call < 3; call++) {
            final Map<String, FunctionCost> functions = new HashMap<>();
            // 30 leaves of falling self cost, and a chain of 25 callers above them holding only inclusive work.
            for (int leaf = 1; leaf <= 30; leaf++) {
                functions.put("leaf" + leaf, new FunctionCost(1_000 * leaf + call, 1_000 * leaf + call));
            }
            for (int caller = 1; caller <= 25; caller++) {
                functions.put("caller" + caller, new FunctionCost(0, 1_000_000 - caller));
            }
            calls.add(List.of(new InstructionCounting.Segment(JOIN, 1_000, functions)));
        }

        final InstructionProfile profile = InstructionProfile.of(new InstructionCounting.InstructionCount(10, calls));

        final Map<String, InstructionProfile.FunctionCount> kept = profile.statements().get(JOIN);
        assertThat(kept).hasSize(2 * InstructionProfile.TOP + 1);
        // The median of 30_000, 30_001, 30_002.
        assertThat(kept.get("leaf30")).isEqualTo(new InstructionProfile.FunctionCount(30_001, 30_001));
        assertThat(kept).containsKeys("leaf11", "caller1", "caller20").doesNotContainKeys("leaf10", "caller21");
        // leaf1 to leaf10, median self 1_001 + ... + 10_001.
        assertThat(kept.get(InstructionProfile.OTHER)).isEqualTo(new InstructionProfile.FunctionCount(55_010, 55_010));
    }

    @Test
    void writtenThenReadItIsTheSameOneFunctionPerLineAsSelfAndInclusive() {
        final InstructionCounts counts = counts(2_000_000, profile(Map.of("ExecHashJoin", new long[] {400_000, 1_900_000},
                "ExecInterpExpr", new long[] {700_000, 700_000})));

        final JsonNode json = Metrics.INSTRUCTIONS.write(counts);

        assertThat(json.get("profile").get(JOIN).get("ExecHashJoin").toString()).isEqualTo("[400000,1900000]");
        assertThat(Metrics.INSTRUCTIONS.read(json)).isEqualTo(counts);
    }

    @Test
    void aBaselineWrittenBeforeProfilesLoadsWithoutOneAndIsWrittenBackUnchanged() {
        final JsonNode old = MetricJson.MAPPER.valueToTree(Map.of("perOp", 2_000_000, "statements", Map.of(JOIN,
                2_000_000), "warmups", 10, "calls", 5, "counter", COUNTER));

        final InstructionCounts read = Metrics.INSTRUCTIONS.read(old);

        assertThat(read.profile().isEmpty()).isTrue();
        assertThat(Metrics.INSTRUCTIONS.write(read).has("profile")).isFalse();
        final List<String> fields = new ArrayList<>();
        Metrics.INSTRUCTIONS.write(read).fieldNames().forEachRemaining(fields::add);
        assertThat(fields).containsExactly("perOp", "statements", "warmups", "calls", "counter");
        assertThat(Metrics.INSTRUCTIONS.read(Metrics.INSTRUCTIONS.write(read))).isEqualTo(read);
    }

    @Test
    void aProfileValueItNeverWritesIsAnErrorNamingWhere() {
        final JsonNode json = Metrics.INSTRUCTIONS.write(counts(1_000, profile(Map.of("ExecSort", new long[] {1, 2}))));
        ((com.fasterxml.jackson.databind.node.ObjectNode) json.get("profile").get(JOIN))
                .putArray("ExecSort").add(-1).add(2);

        assertThatThrownBy(() -> Metrics.INSTRUCTIONS.read(json)).isInstanceOf(InvalidValueException.class)
                .hasMessageContaining("profile." + JOIN + ".ExecSort must be [self, inclusive]");
    }

    @Test
    void aMovedCountNamesTheFunctionsThatMovedMostBySelfAndByInclusiveAndTheReportTabulatesThem() {
        final InstructionCounts before = counts(2_000_000, profile(Map.of(
                "PostgresMain", new long[] {0, 2_000_000}, "PortalRun", new long[] {0, 1_990_000},
                "ExecAgg", new long[] {50_000, 1_900_000}, "ExecHashJoin", new long[] {400_000, 1_800_000},
                "ExecInterpExpr", new long[] {700_000, 700_000})));
        final InstructionCounts after = counts(4_900_000, profile(Map.of(
                "PostgresMain", new long[] {0, 4_900_000}, "PortalRun", new long[] {0, 4_890_000},
                "ExecAgg", new long[] {50_000, 4_800_000}, "ExecNestLoop", new long[] {1_200_000, 4_700_000},
                "ExecInterpExpr", new long[] {2_400_000, 2_400_000})));

        final MetricResult<InstructionCounts, FindingsAssessment> result = MetricResult.judge(Metrics.INSTRUCTIONS,
                after, Optional.of(before), JUDGING);
        final String message = result.message(new MetricResults(List.of(result)), SUBJECT).orElseThrow();

        assertThat(message).contains("INSTRUCTION REGRESSION in OrderBench.join")
                .contains("functions, self: ExecInterpExpr +1.70 M, ExecNestLoop +1.20 M, ExecHashJoin -400 k")
                // The callers moved with ExecNestLoop by as much: named once, by the deepest of them.
                .contains("functions, inclusive: ExecNestLoop +4.70 M, ExecAgg +2.90 M (2 more moved by as much,"
                        + " its callers among them), ExecHashJoin -1.80 M, ExecInterpExpr +1.70 M");
        final List<DetailTable> tables = result.tables(new MetricResults(List.of(result)));
        assertThat(tables).hasSize(1);
        assertThat(tables.get(0).title()).contains(JOIN);
        assertThat(tables.get(0).rows().get(0)).containsExactly("ExecNestLoop", "-", "1,200,000", "+1.20 M", "-",
                "4,700,000", "+4.70 M");
    }

    @Test
    void aBaselineWithoutAProfileSaysHowToGetOne() {
        final InstructionCounts after = counts(4_900_000, profile(Map.of("ExecNestLoop", new long[] {1, 2})));
        final MetricResult<InstructionCounts, FindingsAssessment> result = MetricResult.judge(Metrics.INSTRUCTIONS,
                after, Optional.of(counts(2_000_000, InstructionProfile.NONE)), JUDGING);

        assertThat(result.message(new MetricResults(List.of(result)), SUBJECT).orElseThrow())
                .contains("no profile in baseline; record it to see which functions moved");
        assertThat(result.tables(new MetricResults(List.of(result)))).isEmpty();
    }

    private static InstructionCounts counts(long perOp, InstructionProfile profile) {
        return new InstructionCounts(perOp, new TreeMap<>(Map.of(JOIN, perOp)), 10, 5, COUNTER, profile);
    }

    private static InstructionProfile profile(Map<String, long[]> functions) {
        final TreeMap<String, InstructionProfile.FunctionCount> counts = new TreeMap<>();
        functions.forEach((name, figures) -> counts.put(name, new InstructionProfile.FunctionCount(figures[0],
                figures[1])));
        return new InstructionProfile(new TreeMap<>(Map.of(JOIN, counts)));
    }
}
