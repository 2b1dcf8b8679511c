package dev.dbbench.evaluate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Percentage.withPercentage;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;

import dev.dbbench.baseline.BaselineFile;
import dev.dbbench.baseline.BaselineStore;
import dev.dbbench.config.BaselineMode;
import dev.dbbench.config.EnvironmentPolicy;
import dev.dbbench.config.Settings;
import dev.dbbench.config.TimeGate;
import dev.dbbench.explain.StatementPlan;
import dev.dbbench.explain.StatementPlans;
import dev.dbbench.metric.Finding;
import dev.dbbench.metric.MetricValues;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.Timings;
import dev.dbbench.spec.BenchmarkSpec;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.PlanExpectations;
import dev.dbbench.spec.ProviderKind;
import dev.dbbench.spec.Sampling;
import dev.dbbench.spec.TimingRule;
import dev.dbbench.stats.Summary;
import dev.dbbench.verdict.ExpectationVerdict;
import dev.dbbench.verdict.RecordedRun;
import dev.dbbench.verdict.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The evaluation path on constructed measurements: no JUnit engine, no database. */
class EvaluatorTest {

    private static final EngineTarget POSTGRES = new EngineTarget(EngineKind.POSTGRES, "17", new TreeMap<>(),
            ProviderKind.EMBEDDED, "");
    private static final EngineTarget EMULATOR = new EngineTarget(EngineKind.MONGODB, "", new TreeMap<>(),
            ProviderKind.EMULATED, "");
    private static final Settings.Tolerances TOLERANCES = new Settings.Tolerances(1, 1, 10);
    private static final TimingRule RULE = new TimingRule(25, 0.01, 3, 50, false, EnvironmentPolicy.WARN);
    private static final SortedMap<String, String> ENVIRONMENT = new TreeMap<>(Map.of("ci", "true"));
    private static final StatementPlan INDEX_SCAN = new StatementPlan("SELECT v FROM t WHERE k = ?", 1,
            List.of("Index Scan on t using t_k_idx"), 1, 4, 0, List.of(), List.of("t_k_idx"));
    /** The machine the measurements of this test are taken on, named as a dedicated runner would be. */
    private static final String HERE = "name:here";
    private static final String OTHER_MACHINE = "0123456789ab/ba9876543210";
    private static final StatementPlan SEQ_SCAN = new StatementPlan("SELECT v FROM t WHERE k = ?", 1,
            List.of("Seq Scan on t"), 1, 400, 0, List.of("t"), List.of());

    @TempDir
    Path temp;

    private final AtomicInteger reruns = new AtomicInteger();

    @Test
    void aBenchmarkWithoutABaselineIsRecordedWhenMissingOnesMayBe() throws Throwable {
        final BenchmarkResult result = evaluator(BaselineMode.COMPARE, false, Optional.empty())
                .evaluate(spec(PlanExpectations.NONE), POSTGRES, measured(100_000, 1), Optional.empty(), noRerun());

        assertThat(result.verdict()).isEqualTo(Verdict.NEW);
        assertThat(result.fails()).isFalse();
        assertThat(result.recording().written()).isTrue();
        assertThat(store().read(getClass().getName()).orElseThrow().benchmarks()).containsOnlyKeys("body [postgres 17 embedded]");
    }

    @Test
    void aBenchmarkWithoutABaselineFailsAndWritesNothingWhenMissingOnesFail() throws Throwable {
        final BenchmarkResult result = evaluator(BaselineMode.COMPARE, true, Optional.empty())
                .evaluate(spec(PlanExpectations.NONE), POSTGRES, measured(100_000, 1), Optional.empty(), noRerun());

        assertThat(result.timeDecision()).isEqualTo(Decision.FAIL);
        assertThat(result.recording().written()).isFalse();
        assertThat(store().read(getClass().getName())).isEmpty();
    }

    @Test
    void aRegressionTheRerunRepeatsFailsAndReportsTheRerunWithoutRecordingIt() throws Throwable {
        final Optional<BaselineFile> baseline = recorded(100_000);

        final BenchmarkResult result = evaluator(BaselineMode.COMPARE, true, Optional.empty()).evaluate(
                spec(PlanExpectations.NONE), POSTGRES, measured(200_000, 3), baseline, rerun(210_000));

        assertThat(reruns).hasValue(1);
        assertThat(result.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(result.time().assessment().judgement().firstPass()).isPresent();
        assertThat(result.time().current().summary().median()).isCloseTo(210_000, withPercentage(5));
        assertThat(result.fails()).isTrue();
        assertThat(result.recording().written()).isFalse();
        assertThat(store().read(getClass().getName())).isEqualTo(baseline);
    }

    @Test
    void aRegressionAgainstTimingsOfAnotherMachineIsInformationWhenTheCountsHeld() throws Throwable {
        final Optional<BaselineFile> baseline = recorded(100_000, INDEX_SCAN, POSTGRES, OTHER_MACHINE);

        final BenchmarkResult result = evaluator(BaselineMode.COMPARE, true, Optional.empty()).evaluate(
                spec(PlanExpectations.NONE), POSTGRES, measured(200_000, 3), baseline, rerun(210_000));

        assertThat(result.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(result.timeDecision()).isEqualTo(Decision.INFORM);
        assertThat(result.fails()).isFalse();
        assertThat(result.timing().gates()).isFalse();
        assertThat(result.timing().reason()).isEqualTo("none of the baseline's 1 run(s) was recorded on this machine"
                + " (they come from 1 other machine(s)); timings recorded elsewhere say nothing about how far this"
                + " machine lands");
        assertThat(result.workCounts().sentence(true)).isEqualTo("plans unchanged: the time moved on its own (this"
                + " machine, or a wait outside the server's work)");
        assertThat(result.compareCommand()).isEqualTo(
                "mvn dbbench:compare -Ddbbench.compare.benchmarks='EvaluatorTest#body'");
    }

    @Test
    void aRegressionAgainstTimingsOfAnotherMachineWarnsWhenACountMoved() throws Throwable {
        final MetricValues seqScan = measured(200_000, 7).values().with(Metrics.PLANS,
                new StatementPlans(List.of(SEQ_SCAN), 1, List.of()));

        final BenchmarkResult result = evaluator(BaselineMode.COMPARE, true, Optional.empty()).evaluate(
                spec(PlanExpectations.NONE), POSTGRES, new Measurement(seqScan, ENVIRONMENT),
                recorded(100_000, INDEX_SCAN, POSTGRES, OTHER_MACHINE), rerun(200_000));

        assertThat(result.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(result.timeDecision()).isEqualTo(Decision.WARN);
        assertThat(result.metric("plans").orElseThrow().decision()).isEqualTo(Decision.FAIL);
        assertThat(result.workCounts().sentence(true)).startsWith("plans (").endsWith(
                " moved: the time may have moved with the work");
    }

    @Test
    void aRegressionAgainstRunsOfManyOtherMachinesIsStillInformation() throws Throwable {
        final List<String> machines = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            machines.add(String.format("%012x/%012x", i, i));
        }
        final Optional<BaselineFile> baseline = recorded(100_000, INDEX_SCAN, POSTGRES, machines.toArray(String[]::new));

        final BenchmarkResult result = evaluator(BaselineMode.COMPARE, true, Optional.empty()).evaluate(
                spec(PlanExpectations.NONE), POSTGRES, measured(200_000, 3), baseline, rerun(210_000));

        assertThat(result.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(result.fails()).isFalse();
        assertThat(result.timeDecision()).isEqualTo(Decision.INFORM);
        assertThat(result.timing().reason()).startsWith("none of the baseline's 20 run(s) was recorded on this"
                + " machine (they come from 20 other machine(s))");
    }

    @Test
    void aRegressionTheRerunDoesNotRepeatOnlyWarns() throws Throwable {
        final BenchmarkResult result = evaluator(BaselineMode.COMPARE, true, Optional.empty()).evaluate(
                spec(PlanExpectations.NONE), POSTGRES, measured(200_000, 5), recorded(100_000), rerun(100_000));

        assertThat(result.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(result.time().assessment().reason()).startsWith("regression not confirmed by a re-run");
        assertThat(result.timeDecision()).isEqualTo(Decision.WARN);
        assertThat(result.fails()).isFalse();
    }

    @Test
    void withTheTimeGateOffARegressionIsShownNeverRerunAndAPlanChangeStillFails() throws Throwable {
        final MetricValues seqScan = measured(200_000, 7).values().with(Metrics.PLANS,
                new StatementPlans(List.of(SEQ_SCAN), 1, List.of()));

        final BenchmarkResult result = evaluator(BaselineMode.COMPARE, true, Optional.of(TimeGate.OFF)).evaluate(
                spec(PlanExpectations.NONE), POSTGRES, new Measurement(seqScan, ENVIRONMENT),
                recorded(100_000, INDEX_SCAN), rerun(200_000));

        assertThat(reruns).hasValue(0);
        assertThat(result.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(result.timeDecision()).isEqualTo(Decision.NONE);
        final GatedMetric plans = result.metric("plans").orElseThrow();
        assertThat(plans.result().assessment().findings()).extracting(Finding::kind)
                .contains(Finding.Kind.PLAN_CHANGED, Finding.Kind.MORE_WORK);
        assertThat(plans.decision()).isEqualTo(Decision.FAIL);
        assertThat(result.fails()).isTrue();
    }

    @Test
    void updateAcceptsAChangedPlanButNotAMissedDeclaration() throws Throwable {
        final MetricValues seqScan = measured(100_000, 9).values().with(Metrics.PLANS,
                new StatementPlans(List.of(SEQ_SCAN), 1, List.of()));
        final PlanExpectations usesIndex = new PlanExpectations(List.of("t_k_idx"), List.of(), false,
                PlanExpectations.UNLIMITED);

        final BenchmarkResult accepted = evaluator(BaselineMode.UPDATE, true, Optional.empty()).evaluate(
                spec(PlanExpectations.NONE), POSTGRES, new Measurement(seqScan, ENVIRONMENT),
                recorded(100_000, INDEX_SCAN), noRerun());
        final BenchmarkResult declared = evaluator(BaselineMode.UPDATE, true, Optional.empty()).evaluate(
                spec(usesIndex), POSTGRES, new Measurement(seqScan, ENVIRONMENT), recorded(100_000, INDEX_SCAN),
                noRerun());

        assertThat(accepted.fails()).isFalse();
        assertThat(accepted.metric("plans").orElseThrow().result().assessment().findings()).isEmpty();
        assertThat(accepted.recording().written()).isTrue();
        assertThat(declared.fails()).isTrue();
        assertThat(declared.metric("plans").orElseThrow().result().assessment().findings()).extracting(Finding::kind)
                .containsExactly(Finding.Kind.EXPECTATION_MISSED);
    }

    @Test
    void theEmulatorsTimingsNeverFailAndSaySo() throws Throwable {
        final BenchmarkResult counted = evaluator(BaselineMode.COMPARE, true, Optional.of(TimeGate.FAIL)).evaluate(
                spec(PlanExpectations.NONE), EMULATOR, measured(200_000, 11), recorded(100_000, EMULATOR),
                rerun(200_000));
        final Measurement timedOnly = new Measurement(MetricValues.empty().with(Metrics.TIME,
                timings(lognormal(12, 200_000), HERE)), ENVIRONMENT);
        final BenchmarkResult uncounted = evaluator(BaselineMode.COMPARE, true, Optional.of(TimeGate.FAIL)).evaluate(
                spec(PlanExpectations.NONE), EMULATOR, timedOnly, recorded(100_000, EMULATOR), rerun(200_000));

        assertThat(counted.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(counted.timeDecision()).isEqualTo(Decision.INFORM);
        assertThat(counted.timing().sentence()).isEqualTo("reported, not failed, here: emulated mongodb timings"
                + " measure the emulator inside this JVM, not the database");
        assertThat(uncounted.timeDecision()).isEqualTo(Decision.WARN);
        assertThat(uncounted.workCounts().sentence(true)).isEqualTo("no work counts compared with the baseline:"
                + " only the time says whether the work changed");
    }

    @Test
    void serverCpuIsShownAndNeverGates() throws Throwable {
        final MetricValues doubledCpu = measured(100_000, 13).values().with(Metrics.SERVER_CPU,
                new double[] {90_000, 91_000, 92_000});

        final BenchmarkResult result = evaluator(BaselineMode.COMPARE, true, Optional.empty()).evaluate(
                spec(PlanExpectations.NONE), POSTGRES, new Measurement(doubledCpu, ENVIRONMENT), recorded(100_000),
                noRerun());

        assertThat(result.metric("serverCpu").orElseThrow().decision()).isEqualTo(Decision.NONE);
    }

    @Test
    void aMissedExpectationFailsOnlyWhenItsRerunMissesToo() throws Throwable {
        final Gate gate = new Gate(BaselineMode.COMPARE, false, Optional.empty(), true);
        final double[] fast = lognormal(21, 100_000);
        final double[] twiceAsSlow = lognormal(22, 200_000);
        final ExpectationEvaluator expectations = new ExpectationEvaluator(gate, 0.01);

        final List<ExpectationResult> missedTwice = expectations.evaluate(spec(PlanExpectations.NONE).id(POSTGRES),
                List.of(new ExpectationEvaluator.Pair("other [postgres 17 embedded]", 4.0, fast, twiceAsSlow)),
                pairAgain(fast, twiceAsSlow));
        final List<ExpectationResult> metOnRerun = expectations.evaluate(spec(PlanExpectations.NONE).id(POSTGRES),
                List.of(new ExpectationEvaluator.Pair("other [postgres 17 embedded]", 1.5, fast, fast)),
                pairAgain(fast, twiceAsSlow));

        assertThat(missedTwice).singleElement().satisfies(result -> {
            assertThat(result.judgement().verdict()).isEqualTo(ExpectationVerdict.MISSED);
            assertThat(result.fails()).isTrue();
        });
        assertThat(metOnRerun).singleElement().satisfies(result -> {
            assertThat(result.judgement().verdict()).isEqualTo(ExpectationVerdict.INCONCLUSIVE);
            assertThat(result.fails()).isFalse();
            assertThat(result.judgement().reason()).startsWith("miss not repeated by a re-run");
        });
    }

    @Test
    void anUnclearExpectationIsSettledByASecondInterleavedPass() throws Throwable {
        final Gate gate = new Gate(BaselineMode.COMPARE, false, Optional.empty(), true);
        final double[] fast = lognormal(23, 100_000);
        // Pair ratios spread widely around 2.5x: the first pass's interval reaches below the 1.2x needed.
        final SplittableRandom random = new SplittableRandom(24);
        final double[] noisy = new double[fast.length];
        for (int i = 0; i < fast.length; i++) {
            noisy[i] = fast[i] * 2.5 * Math.exp(0.9 * gaussian(random));
        }
        final double[] threeTimes = Arrays.stream(fast).map(sample -> 3 * sample).toArray();

        final List<ExpectationResult> settled = new ExpectationEvaluator(gate, 0.01).evaluate(
                spec(PlanExpectations.NONE).id(POSTGRES), List.of(new ExpectationEvaluator.Pair(
                        "other [postgres 17 embedded]", 1.2, fast, noisy)), pairAgain(fast, threeTimes));

        assertThat(settled).singleElement().satisfies(result -> {
            assertThat(result.judgement().firstPass()).hasValueSatisfying(first ->
                    assertThat(first.verdict()).isEqualTo(ExpectationVerdict.INCONCLUSIVE));
            assertThat(result.judgement().verdict()).isEqualTo(ExpectationVerdict.MET);
            assertThat(result.judgement().reason()).startsWith("unclear in one pass (")
                    .contains("); over two interleaved passes: ");
            assertThat(result.warns()).isFalse();
        });
    }

    void body() {
        // the benchmark the specs of this test describe
    }

    private Evaluator evaluator(BaselineMode mode, boolean failOnMissing, Optional<TimeGate> timeGate) {
        return new Evaluator(new Gate(mode, failOnMissing, timeGate, true),
                new BaselineRecorder(store(), mode, failOnMissing));
    }

    private BaselineStore store() {
        return new BaselineStore(temp.resolve("baselines"));
    }

    private BenchmarkSpec spec(PlanExpectations declared) {
        try {
            return new BenchmarkSpec(getClass(), getClass().getDeclaredMethod("body"),
                    new Sampling(0, 15, 1, Duration.ofMillis(1), Duration.ofSeconds(10)), RULE,
                    List.of(POSTGRES, EMULATOR), List.of(), declared, List.of(), TOLERANCES, Optional.empty(),
                    Optional.empty());
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }

    /** Fifteen samples around a median taken on this machine, plans of an index scan. */
    private static Measurement measured(double median, long seed) {
        return new Measurement(MetricValues.empty()
                .with(Metrics.TIME, timings(lognormal(seed, median), HERE))
                .with(Metrics.PLANS, new StatementPlans(List.of(INDEX_SCAN), 1, List.of())), ENVIRONMENT);
    }

    /** The timings of one run of these samples, taken on a machine. */
    private static Timings timings(double[] samples, String machine) {
        return new Timings(0, 1, samples, new TreeMap<>(), List.of(new RecordedRun(
                Summary.of(samples).median(), samples.length, Double.NaN, "2026-12-05T00:00:00Z", machine,
                "AMD EPYC x2")));
    }

    private Optional<BaselineFile> recorded(double median) throws Throwable {
        return recorded(median, INDEX_SCAN);
    }

    private Optional<BaselineFile> recorded(double median, StatementPlan plan) throws Throwable {
        return recorded(median, plan, POSTGRES);
    }

    private Optional<BaselineFile> recorded(double median, EngineTarget target) throws Throwable {
        return recorded(median, INDEX_SCAN, target);
    }

    private Optional<BaselineFile> recorded(double median, StatementPlan plan, EngineTarget target) throws Throwable {
        return recorded(median, plan, target, HERE);
    }

    /** A baseline of one run per machine named, each of fifteen samples around the median. */
    private Optional<BaselineFile> recorded(double median, StatementPlan plan, EngineTarget target,
            String... machines) throws Throwable {
        final List<Timings> runs = new ArrayList<>();
        for (int i = 0; i < machines.length; i++) {
            runs.add(timings(lognormal(99 + i, median), machines[i]));
        }
        final MetricValues values = MetricValues.empty()
                .with(Metrics.TIME, Timings.pooled(runs))
                .with(Metrics.SERVER_CPU, new double[] {45_000, 45_500, 46_000})
                .with(Metrics.PLANS, new StatementPlans(List.of(plan), 1, List.of()));
        evaluator(BaselineMode.UPDATE, false, Optional.empty()).evaluate(spec(PlanExpectations.NONE), target,
                new Measurement(values, ENVIRONMENT), Optional.empty(), noRerun());
        return store().read(getClass().getName());
    }

    private Remeasurement rerun(double median) {
        return remeasurement(() -> {
            reruns.incrementAndGet();
            return MetricValues.empty().with(Metrics.TIME, new Timings(0, 1, lognormal(1234, median), new TreeMap<>()));
        }, List.of());
    }

    private Remeasurement noRerun() {
        return remeasurement(() -> {
            throw new AssertionError("nothing should have been re-run");
        }, List.of());
    }

    /** Takes the same samples of an expectation's two sides whenever they are asked for again. */
    private Remeasurement pairAgain(double[] thisSide, double[] otherSide) {
        return remeasurement(() -> {
            throw new AssertionError("only the expectation should have been re-run");
        }, List.of(thisSide, otherSide));
    }

    /** Confirms with {@code confirmation}, takes no further runs, and samples an expectation again as {@code pair}. */
    private static Remeasurement remeasurement(Callable<MetricValues> confirmation, List<double[]> pair) {
        return new Remeasurement() {
            @Override
            public MetricValues confirmation() throws Exception {
                return confirmation.call();
            }

            @Override
            public MetricValues anotherRun() {
                throw new IllegalStateException("no further runs can be taken here");
            }

            @Override
            public List<double[]> expectation(int expectation) {
                return pair;
            }
        };
    }

    /** Fifteen samples with a 3% spread around a median, the same for the same seed. */
    private static double[] lognormal(long seed, double median) {
        final SplittableRandom random = new SplittableRandom(seed);
        final double[] samples = new double[15];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = median * Math.exp(0.03 * gaussian(random));
        }
        return samples;
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
