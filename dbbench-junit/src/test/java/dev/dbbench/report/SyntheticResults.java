package dev.dbbench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.config.BaselineMode;
import dev.dbbench.config.EnvironmentPolicy;
import dev.dbbench.config.Settings;
import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.evaluate.Decision;
import dev.dbbench.evaluate.ExpectationResult;
import dev.dbbench.evaluate.GatedMetric;
import dev.dbbench.evaluate.TimingAuthority;
import dev.dbbench.evaluate.Unmeasured;
import dev.dbbench.explain.StatementPlan;
import dev.dbbench.explain.StatementPlans;
import dev.dbbench.metric.Judging;
import dev.dbbench.metric.MetricResult;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.Timings;
import dev.dbbench.spec.BenchmarkId;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.PlanExpectations;
import dev.dbbench.spec.TimingRule;
import dev.dbbench.verdict.ExpectationVerdict;
import dev.dbbench.verdict.RelativeJudge;
import dev.dbbench.verdict.Verdict;

/**
 * Many benchmark results judged by the real judges on generated samples: most unchanged, some
 * slower, some faster, some with a changed plan, an expectation or another server version. For
 * report tests at the size of a large suite.
 */
public final class SyntheticResults {

    private static final Settings.Tolerances TOLERANCES = new Settings.Tolerances(1, 1, 10);

    private static final TimingRule RULE = new TimingRule(25, 0.01, 3, 50, false, EnvironmentPolicy.WARN);

    private final Random random;
    private final String decoration;

    private SyntheticResults(long seed, String decoration) {
        this.random = new Random(seed);
        this.decoration = decoration;
    }

    /** {@code count} results, the same for the same seed. */
    public static List<BenchmarkResult> generate(int count, long seed) {
        return generate(count, seed, "");
    }

    /**
     * {@code count} results whose user-given texts (class, method, target settings, environment
     * values, SQL, notes) all carry {@code decoration}, such as a {@code <script>} element.
     */
    public static List<BenchmarkResult> generate(int count, long seed, String decoration) {
        final SyntheticResults generator = new SyntheticResults(seed, decoration);
        final List<BenchmarkResult> results = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            results.add(generator.result(i));
        }
        return results;
    }

    private BenchmarkResult result(int i) {
        final boolean postgres = i % 3 != 2;
        final String target = postgres ? "postgres 17 embedded application_name=bench" + decoration
                : "mongodb 8.0 container";
        final BenchmarkId id = new BenchmarkId("com.example.orders.Scenario" + (i / 10) + "Bench" + decoration,
                "query" + (i % 10) + decoration.replaceAll("[^A-Za-z]", ""), target);
        final SortedMap<String, String> environment = environment(postgres, "17.6");
        final SortedMap<String, String> baselineEnvironment = environment(postgres, i % 7 == 0 ? "17.5" : "17.6");
        final double median = 20_000 * Math.pow(1000, random.nextDouble());
        final double factor = i % 17 == 3 ? 1.8 : i % 13 == 5 ? 0.6 : 1.0;
        final Timings baseline = timings(median, 1.0);
        final Timings current = timings(median, factor);
        final Judging judging = new Judging(EngineKind.POSTGRES, RULE, PlanExpectations.NONE, TOLERANCES, environment, Optional.of(baselineEnvironment));
        final boolean isNew = i % 29 == 11;
        final MetricResult<?, ?> time = MetricResult.judge(Metrics.TIME, current,
                isNew ? Optional.empty() : Optional.of(baseline), judging);
        final List<GatedMetric> metrics = new ArrayList<>();
        metrics.add(new GatedMetric(time, decision(time.assessment().verdict())));
        if (postgres) {
            metrics.add(new GatedMetric(MetricResult.judge(Metrics.SERVER_CPU, scaled(current.nanosPerOp(), 0.8),
                    isNew ? Optional.empty() : Optional.of(scaled(baseline.nanosPerOp(), 0.8)), judging), Decision.NONE));
            final MetricResult<?, ?> plans = MetricResult.judge(Metrics.PLANS, plans(i % 19 == 7),
                    isNew ? Optional.empty() : Optional.of(plans(false)), judging);
            metrics.add(new GatedMetric(plans, plans.assessment().verdict() == Verdict.REGRESSION ? Decision.FAIL
                    : Decision.NONE));
        }
        final List<Unmeasured> unmeasured = postgres && i % 31 == 9 ? List.of(new Unmeasured("instructions",
                "valgrind is not installed (install it with apt-get install -y valgrind)", Decision.WARN)) : List.of();
        return new BenchmarkResult(id, metrics, unmeasured, expectations(i, id), new BenchmarkResult.Recording(
                BaselineMode.COMPARE, isNew, Path.of("baselines", id.className() + ".json"),
                isNew ? "-" : "2026-11-30T10:00:00Z"),
                "mvn dbbench:accept -Ddbbench.accept.benchmarks='" + id.simpleClassName() + "#" + id.method() + "'",
                environment, i % 23 == 4 ? "a note on this benchmark" + decoration : "", Optional.empty(),
                new TimingAuthority(true, "the baseline's runs include 1 recorded on this machine (name:synthetic)"));
    }

    private static Decision decision(Verdict verdict) {
        return verdict == Verdict.REGRESSION ? Decision.FAIL : verdict == Verdict.INCONCLUSIVE ? Decision.WARN
                : Decision.NONE;
    }

    private SortedMap<String, String> environment(boolean postgres, String version) {
        final SortedMap<String, String> environment = new TreeMap<>();
        environment.put("cpu.count", "2");
        environment.put("cpu.model", "Synthetic CPU @ 2.0GHz");
        environment.put("engine.provider", postgres ? "embedded" : "containers");
        environment.put("engine.version", postgres ? version : "8.0.4");
        environment.put("engine.setting.application_name", "bench" + decoration);
        environment.put("java.version", "17.0.15");
        environment.put("os.name", "Linux");
        return environment;
    }

    private Timings timings(double median, double factor) {
        final double[] samples = new double[15];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = median * factor * Math.exp(random.nextGaussian() * 0.05);
        }
        return new Timings(5, 10, samples, new TreeMap<>());
    }

    private static double[] scaled(double[] values, double factor) {
        final double[] scaled = values.clone();
        for (int i = 0; i < scaled.length; i++) {
            scaled[i] *= factor;
        }
        return scaled;
    }

    private StatementPlans plans(boolean seqScan) {
        final String statement = "SELECT * FROM orders WHERE customer_id = $1 AND note <> '" + decoration + "'";
        final StatementPlan plan = seqScan
                ? new StatementPlan(statement, 1, List.of("Seq Scan on orders"), 40, 1200, 0, List.of("orders"), List.of())
                : new StatementPlan(statement, 1, List.of("Index Scan using orders_customer_idx on orders"), 40, 44, 0,
                        List.of(), List.of("orders_customer_idx"));
        return new StatementPlans(List.of(plan), 1, List.of());
    }

    private List<ExpectationResult> expectations(int i, BenchmarkId id) {
        if (i % 10 != 0) {
            return List.of();
        }
        final double[] fast = new double[15];
        final double[] slow = new double[15];
        for (int j = 0; j < fast.length; j++) {
            fast[j] = 100_000 * Math.exp(random.nextGaussian() * 0.05);
            slow[j] = 100_000 * (i % 20 == 0 ? 5 : 1.5) * Math.exp(random.nextGaussian() * 0.05);
        }
        final var judgement = new RelativeJudge(0.01).judge(fast, slow, 4.0);
        return List.of(new ExpectationResult(id.key(), "scanAll" + decoration + " [" + id.target() + "]", judgement,
                judgement.verdict() == ExpectationVerdict.MISSED, judgement.verdict() == ExpectationVerdict.INCONCLUSIVE));
    }
}
