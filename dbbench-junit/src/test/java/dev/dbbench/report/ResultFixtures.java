package dev.dbbench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.config.BaselineMode;
import dev.dbbench.config.EnvironmentPolicy;
import dev.dbbench.config.Settings;
import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.evaluate.Decision;
import dev.dbbench.evaluate.GatedMetric;
import dev.dbbench.evaluate.ScalingResult;
import dev.dbbench.evaluate.TimingAuthority;
import dev.dbbench.metric.InstructionCounts;
import dev.dbbench.metric.InstructionProfile;
import dev.dbbench.metric.Judging;
import dev.dbbench.metric.MetricResult;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.TimeAssessment;
import dev.dbbench.metric.Timings;
import dev.dbbench.spec.BenchmarkId;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.PlanExpectations;
import dev.dbbench.spec.TimingRule;
import dev.dbbench.stats.Comparison;
import dev.dbbench.stats.Summary;
import dev.dbbench.verdict.EnvironmentChange;
import dev.dbbench.verdict.Judgement;
import dev.dbbench.verdict.Verdict;

/** Benchmark results as the evaluator would hand them to the report formats, built by hand. */
final class ResultFixtures {

    /** What the gate and the recorder did with a fixture's wall time. */
    record Outcome(Decision decision, boolean written) {
    }

    static final Path BASELINE_FILE = Path.of("baselines", "com.example.OrderBench.json");
    static final Outcome FAILS = new Outcome(Decision.FAIL, false);
    static final Outcome RECORDS = new Outcome(Decision.NONE, true);
    static final Outcome PASSES = new Outcome(Decision.NONE, false);
    static final Outcome WARNS = new Outcome(Decision.WARN, false);
    static final TimingRule RULE = new TimingRule(25, 0.01, 3, 50, false, EnvironmentPolicy.WARN);
    private static final Timings SAMPLES = new Timings(5, 100, new double[] {130_000, 129_000, 131_000},
            new TreeMap<>());
    private static final Timings BASELINE_SAMPLES = new Timings(5, 100, new double[] {100_000, 99_000, 101_000},
            new TreeMap<>());

    private ResultFixtures() {
    }

    /** OrderBench.findByCustomer, 100 µs -> 130 µs against a 25% threshold, on a newer server. */
    static BenchmarkResult regression() {
        final Summary baseline = new Summary(15, 95_000, 100_000, 110_000, 115_000, 120_000, 101_000, 5_050, 1_500);
        final Summary current = new Summary(15, 120_000, 130_000, 150_000, 160_000, 170_000, 131_000, 6_550, 2_000);
        return result("com.example.OrderBench", "findByCustomer", "postgres 17 embedded",
                new Judgement(Verdict.REGRESSION, current, Optional.of(baseline),
                        Optional.of(new Comparison(1.3, 1.26, 1.35, 0.98, 1.2e-6, 0.99, 6.4e-9)), RULE, 1.02, 1.28,
                        "median 1.30x the baseline's, beyond +25%, p = 1.2e-06, interval [1.26x, 1.35x]",
                        List.of(new EnvironmentChange("engine.version", "17.5", "17.6")), Optional.empty()),
                FAILS, "2025-01-02T03:04:05Z");
    }

    /** Timings recorded on the machine the fixtures ran on, which may fail the build. */
    static final TimingAuthority SAME_MACHINE = new TimingAuthority(true,
            "the baseline's runs include 10 recorded on this machine (name:bench-runner)");

    /** OrderBench.insertOrder with no baseline yet. */
    static BenchmarkResult newBenchmark(Outcome outcome) {
        final Summary current = new Summary(15, 1_100_000, 1_234_000, 1_400_000, 1_500_000, 1_600_000, 1_250_000,
                50_000, 20_000);
        return result("com.example.OrderBench", "insertOrder", "postgres 17 embedded",
                new Judgement(Verdict.NEW, current, Optional.empty(), Optional.empty(), RULE, Double.NaN, Double.NaN,
                        "no baseline yet", List.of(), Optional.empty()), outcome, "-");
    }

    /** CustomerBench.findById within its threshold. */
    static BenchmarkResult pass() {
        final Summary baseline = new Summary(15, 40_000, 44_000, 48_000, 50_000, 52_000, 44_500, 2_000, 800);
        final Summary current = new Summary(15, 41_000, 45_600, 49_000, 51_000, 53_000, 45_900, 2_100, 900);
        return result("com.example.CustomerBench", "findById", "postgres 16 embedded",
                new Judgement(Verdict.PASS, current, Optional.of(baseline),
                        Optional.of(new Comparison(45_600.0 / 44_000, 1.01, 1.06, 0.98, 0.004, 0.99, 6.4e-9)), RULE,
                        0.99, 1.25, "interval [1.01x, 1.06x] within ±25%", List.of(), Optional.empty()),
                PASSES, "2025-01-02T03:04:05Z");
    }

    static BenchmarkResult withJudgement(BenchmarkResult result, Judgement judgement) {
        final List<GatedMetric> metrics = new ArrayList<>(result.metrics());
        metrics.set(0, new GatedMetric(new MetricResult<>(Metrics.TIME, result.time().current(),
                result.time().baseline(), new TimeAssessment(judgement)), result.timeDecision()));
        return new BenchmarkResult(result.id(), metrics, result.unmeasured(), result.expectations(), result.recording(),
                result.acceptCommand(), result.environment(), result.note(), result.scaling(), result.timing());
    }

    /** The result with server CPU readings for its samples and, when given, for its baseline's. */
    static BenchmarkResult withServerCpu(BenchmarkResult result, double[] current, Optional<double[]> baseline) {
        final List<GatedMetric> metrics = new ArrayList<>(result.metrics());
        metrics.add(new GatedMetric(MetricResult.judge(Metrics.SERVER_CPU, current, baseline, new Judging(EngineKind.POSTGRES, RULE,
                PlanExpectations.NONE, new Settings.Tolerances(1, 1, 10), result.environment(), Optional.empty())), Decision.NONE));
        return new BenchmarkResult(result.id(), metrics, result.unmeasured(), result.expectations(), result.recording(),
                result.acceptCommand(), result.environment(), result.note(), result.scaling(), result.timing());
    }

    /** The statement of {@link #withInstructionProfiles}. */
    static final String JOIN = "SELECT count(*), sum(o.amount) FROM orders o JOIN customers c ON c.id = o.customer_id"
            + " WHERE c.region < ?";

    /**
     * The result with a failed instruction count whose profile says why: its hash join became a nested
     * loop, figures as a real run of such a change gave them.
     */
    static BenchmarkResult withInstructionProfiles(BenchmarkResult result) {
        final InstructionCounts before = instructions(1_486_056, Map.of("ExecAgg", new long[] {36_000, 1_452_000},
                "ExecHashJoin", new long[] {118_000, 1_274_000}, "ExecInterpExpr", new long[] {251_000, 420_000},
                "ExecScan", new long[] {51_000, 610_000}, "heapgettup_pagemode", new long[] {88_000, 180_000}));
        final InstructionCounts after = instructions(24_442_831, Map.of("ExecAgg", new long[] {36_000, 24_408_000},
                "ExecNestLoop", new long[] {1_210_000, 24_190_000}, "ExecInterpExpr", new long[] {6_980_000,
                        13_400_000}, "ExecMaterial", new long[] {1_950_000, 5_870_000}, "tts_minimal_getsomeattrs",
                new long[] {4_600_000, 4_600_000}, "<script>alert(1)</script>", new long[] {1_000, 1_000}));
        final List<GatedMetric> metrics = new ArrayList<>(result.metrics());
        metrics.add(new GatedMetric(MetricResult.judge(Metrics.INSTRUCTIONS, after, Optional.of(before),
                new Judging(EngineKind.POSTGRES, RULE, PlanExpectations.NONE, new Settings.Tolerances(1, 1, 10), result.environment(),
                        Optional.empty())), Decision.FAIL));
        return new BenchmarkResult(result.id(), metrics, result.unmeasured(), result.expectations(), result.recording(),
                result.acceptCommand(), result.environment(), result.note(), result.scaling(), result.timing());
    }

    private static InstructionCounts instructions(long perOp, Map<String, long[]> functions) {
        final TreeMap<String, InstructionProfile.FunctionCount> counts = new TreeMap<>();
        functions.forEach((name, figures) -> counts.put(name, new InstructionProfile.FunctionCount(figures[0],
                figures[1])));
        return new InstructionCounts(perOp, new TreeMap<>(Map.of(JOIN, perOp)), 10, 5,
                "callgrind valgrind-3.19.0, postgres 17.6.0 binaries", new InstructionProfile(new TreeMap<>(
                        Map.of(JOIN, counts))));
    }

    /** The result with the outcome of its benchmark's {@code @ExpectScaling}, as the value that completed it carries it. */
    static BenchmarkResult withScaling(BenchmarkResult result, ScalingResult scaling) {
        return new BenchmarkResult(result.id(), result.metrics(), result.unmeasured(), result.expectations(),
                result.recording(), result.acceptCommand(), result.environment(), result.note(), Optional.of(scaling),
                result.timing());
    }

    /** The wall-time message of a result, as the build log shows it when the time gate fails or warns. */
    static String timeMessage(BenchmarkResult result) {
        return result.time().message(result.results(), result.subject(result.timeDecision())).orElseThrow();
    }

    private static BenchmarkResult result(String className, String method, String target, Judgement judgement,
            Outcome outcome, String recordedAt) {
        final SortedMap<String, String> environment = new TreeMap<>();
        environment.put("engine.version", "17.6");
        environment.put("os.name", "Linux");
        final BenchmarkId id = new BenchmarkId(className, method, target);
        final MetricResult<Timings, TimeAssessment> time = new MetricResult<>(Metrics.TIME, SAMPLES,
                judgement.baseline().map(summary -> BASELINE_SAMPLES), new TimeAssessment(judgement));
        return new BenchmarkResult(id, List.of(new GatedMetric(time, outcome.decision())), List.of(), List.of(),
                new BenchmarkResult.Recording(BaselineMode.COMPARE, outcome.written(), BASELINE_FILE, recordedAt),
                "mvn dbbench:accept -Ddbbench.accept.benchmarks='" + id.simpleClassName() + "#" + method + "'",
                environment, "", Optional.empty(), SAME_MACHINE);
    }
}
