package dev.dbbench.report;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.baseline.BaselineMode;
import dev.dbbench.measure.Samples;
import dev.dbbench.stats.Comparison;
import dev.dbbench.stats.Summary;
import dev.dbbench.verdict.DecisionRule;
import dev.dbbench.verdict.EnvironmentChange;
import dev.dbbench.verdict.EnvironmentPolicy;
import dev.dbbench.verdict.Gate;
import dev.dbbench.verdict.Judgement;
import dev.dbbench.verdict.Verdict;

/** Benchmark results as the extension would hand them to the report formats, built by hand. */
final class ResultFixtures {

    static final Path BASELINE_FILE = Path.of("baselines", "com.example.OrderBench.json");
    static final Gate.Decision FAILS = new Gate.Decision(true, false, false);
    static final Gate.Decision RECORDS = new Gate.Decision(false, false, true);
    static final Gate.Decision PASSES = new Gate.Decision(false, false, false);
    static final Gate.Decision WARNS = new Gate.Decision(false, true, false);
    static final DecisionRule RULE = new DecisionRule(25, 0.01, 3, 50, false, EnvironmentPolicy.WARN);

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

    /** OrderBench.insertOrder with no baseline yet. */
    static BenchmarkResult newBenchmark(Gate.Decision decision) {
        final Summary current = new Summary(15, 1_100_000, 1_234_000, 1_400_000, 1_500_000, 1_600_000, 1_250_000,
                50_000, 20_000);
        return result("com.example.OrderBench", "insertOrder", "postgres 17 embedded",
                new Judgement(Verdict.NEW, current, Optional.empty(), Optional.empty(), RULE, Double.NaN, Double.NaN,
                        "no baseline yet", List.of(), Optional.empty()), decision, "-");
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
        return new BenchmarkResult(result.className(), result.methodName(), result.target(), result.key(),
                result.samples(), result.baselineServerCpu(), judgement, result.decision(), result.mode(),
                result.baselineFile(), result.baselineRecordedAt(), result.environment(), result.acceptCommand(),
                result.expectations(), result.plans(), result.planFindings(), result.note());
    }

    /** The result with server CPU readings for its samples and, when given, for its baseline's. */
    static BenchmarkResult withServerCpu(BenchmarkResult result, double[] current, Optional<double[]> baseline) {
        final Samples samples = result.samples();
        return new BenchmarkResult(result.className(), result.methodName(), result.target(), result.key(),
                new Samples(samples.nanosPerOp(), samples.opsPerSample(), samples.warmups(), samples.elapsed(), current),
                baseline.map(Summary::of), result.judgement(), result.decision(), result.mode(), result.baselineFile(),
                result.baselineRecordedAt(), result.environment(), result.acceptCommand(), result.expectations(),
                result.plans(), result.planFindings(), result.note());
    }

    private static BenchmarkResult result(String className, String method, String target, Judgement judgement,
            Gate.Decision decision, String recordedAt) {
        final SortedMap<String, String> environment = new TreeMap<>();
        environment.put("engine.version", "17.6");
        environment.put("os.name", "Linux");
        final String simpleName = className.substring(className.lastIndexOf('.') + 1);
        return new BenchmarkResult(className, method, target, method + " [" + target + "]",
                new Samples(new double[] {130_000, 129_000, 131_000}, 100, 5, Duration.ofSeconds(3)), Optional.empty(),
                judgement, decision, BaselineMode.COMPARE, BASELINE_FILE, recordedAt, environment,
                "mvn verify -Ddbbench.baseline.mode=update -Dtest='" + simpleName + "#" + method + "'", List.of(), Optional.empty(), List.of(), "");
    }
}
