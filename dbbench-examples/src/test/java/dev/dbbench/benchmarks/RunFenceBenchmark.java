package dev.dbbench.benchmarks;

import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.ToDoubleBiFunction;

import dev.dbbench.config.EnvironmentPolicy;
import dev.dbbench.engine.Closer;
import dev.dbbench.engine.RulerWorkload;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.postgres.EmbeddedPostgresServer;
import dev.dbbench.measure.Operation;
import dev.dbbench.measure.RegionTimer;
import dev.dbbench.measure.Ruler;
import dev.dbbench.measure.Sampler;
import dev.dbbench.measure.Samples;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderKind;
import dev.dbbench.spec.Sampling;
import dev.dbbench.spec.TimingRule;
import dev.dbbench.stats.Summary;
import dev.dbbench.verdict.Fence;
import dev.dbbench.verdict.Judge;
import dev.dbbench.verdict.Judgement;
import dev.dbbench.verdict.RecordedRun;
import dev.dbbench.verdict.Verdict;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The run-to-run fence, measured (issue 14): which fence keeps unchanged code from failing while
 * still catching 1.2x, 1.5x and 2x, and whether sampling a class's benchmarks round-robin narrows
 * the spread between runs.
 *
 * <ul>
 *   <li>{@code syntheticFences}: baselines of N runs drawn from noise models with between-run drift,
 *       judged by dbbench's {@link Judge} (threshold 25 %, confirmation re-run) plus each candidate
 *       fence. Deterministic (fixed seeds): the load of the machine changes how long it takes, not
 *       its figures. {@code -Ddbbench.eval.fenceTrials} (default 2000).</li>
 *   <li>{@code embeddedPostgresRuns}: on real embedded PostgreSQL servers, one after another, two
 *       scenarios sampled in passes either consecutively (all passes of one, then the other) or
 *       round-robin (one sample of each in turn), for the spread of pass medians; baselines of
 *       {@code -Ddbbench.eval.runs} runs (default 5) of one server, and baselines merged from one run
 *       of each of the last that many servers, judged against a pass and its re-run on the next server
 *       with the production fence, unchanged and with every sample multiplied by 1.2, 1.5 and 2 (a
 *       slowdown that adds no server work). {@code -Ddbbench.eval.fenceMinutes} (default 6).</li>
 * </ul>
 *
 * <p>Run with {@code mvn -B verify -Pharness-benchmarks -Dtest=RunFenceBenchmark}; it prints the
 * tables quoted in {@code docs/verdict-evaluation.md} and asserts nothing about timing.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RunFenceBenchmark {

    static final int TRIALS = Integer.getInteger("dbbench.eval.fenceTrials", 2000);
    static final int RUNS = Integer.getInteger("dbbench.eval.runs", 5);
    static final double MINUTES = Double.parseDouble(System.getProperty("dbbench.eval.fenceMinutes", "6"));
    static final int SAMPLES = 15;
    static final double[] EFFECTS = {0, 0.2, 0.5, 1.0};
    static final int[] RUN_COUNTS = {3, 5, 10};
    private static final TimingRule RULE = new TimingRule(25, 0.01, 3, 50, false, EnvironmentPolicy.WARN);
    private static final SortedMap<String, String> ENV = new TreeMap<>();
    private static final SortedMap<String, Double> NO_RULER = new TreeMap<>();

    /** A candidate fence: the upper bound on a run's ratio to the pooled median, from the recorded runs' log ratios. */
    record Candidate(String name, ToDoubleBiFunction<double[], Integer> upperLog) {
    }

    static List<Candidate> candidates() {
        return List.of(
                new Candidate("none (threshold only)", (logs, n) -> Double.NEGATIVE_INFINITY),
                new Candidate("robust + prior (dbbench)", (logs, n) -> Math.log(Fence.of(Arrays.stream(logs)
                        .mapToObj(log -> new RecordedRun(Math.exp(log), SAMPLES, Double.NaN, "-", "-", "-")).toList(),
                        1, Double.NaN, false, Fence.DEFAULT_LEVEL).upper())),
                new Candidate("t 0.001 (unshrunk, until issue 27)", (logs, n) -> mean(logs)
                        + unshrunkFactor(n, 0.001) * sd(logs)),
                new Candidate("t 0.01", (logs, n) -> mean(logs) + unshrunkFactor(n, 0.01) * sd(logs)),
                new Candidate("z 0.001", (logs, n) -> mean(logs)
                        + NormalDistribution.of(0, 1).inverseSurvivalProbability(0.001) * Math.sqrt(1 + 1.0 / n)
                        * sd(logs)),
                new Candidate("Q3 + 3 IQR", (logs, n) -> {
                    final double[] sorted = logs.clone();
                    Arrays.sort(sorted);
                    final double q1 = quantile(sorted, 0.25);
                    final double q3 = quantile(sorted, 0.75);
                    return q3 + 3 * (q3 - q1);
                }),
                new Candidate("max + (max - min)", (logs, n) -> {
                    final double max = Arrays.stream(logs).max().orElseThrow();
                    return 2 * max - Arrays.stream(logs).min().orElseThrow();
                }));
    }

    /** Between-run drift: a log-normal factor per run, and optionally a slow "mood" some runs fall into. */
    record Drift(String name, double sigma, double moodChance, double moodFactor) {

        double factor(SplittableRandom random) {
            final double mood = random.nextDouble() < moodChance ? moodFactor : 1;
            return mood * Math.exp(sigma * random.nextGaussian());
        }
    }

    static List<Drift> drifts() {
        return List.of(new Drift("drift 0.03", 0.03, 0, 1), new Drift("drift 0.10", 0.10, 0, 1),
                new Drift("drift 0.20", 0.20, 0, 1), new Drift("0.05 + 10% x1.6", 0.05, 0.10, 1.6));
    }

    @Test
    @Order(1)
    void syntheticFences() {
        final long start = System.nanoTime();
        final List<Candidate> candidates = candidates();
        System.out.printf(Locale.ROOT, "%n=== C. run-to-run fences, synthetic: %d trials per cell, %d samples per run,"
                + " within-run noise 0.10, threshold 25%%, confirmation re-run sharing the current run's drift ===%n",
                TRIALS, SAMPLES);
        System.out.println("cells: A/A false failures % (one-sided 95% upper bound) | detected % at 1.2x / 1.5x / 2x");
        for (int runs : RUN_COUNTS) {
            for (Drift drift : drifts()) {
                final int[][] counts = cell(drift, runs, candidates, new SplittableRandom(runs * 1_000L
                        + drift.name().hashCode()));
                for (int c = 0; c < candidates.size(); c++) {
                    System.out.printf(Locale.ROOT, "N=%2d %-16s %-22s | A/A %6.2f (<= %5.2f) | %5.1f / %5.1f / %5.1f%n",
                            runs, drift.name(), candidates.get(c).name(), percent(counts[c][0]),
                            100 * VerdictEvaluationBenchmark.upperBound(counts[c][0], TRIALS), percent(counts[c][1]),
                            percent(counts[c][2]), percent(counts[c][3]));
                }
            }
        }
        System.out.printf(Locale.ROOT, "synthetic fences took %.1f s%n", (System.nanoTime() - start) / 1e9);
    }

    /** Confirmed regressions per candidate and effect over the cell's trials. */
    private static int[][] cell(Drift drift, int runs, List<Candidate> candidates, SplittableRandom random) {
        final int[][] counts = new int[candidates.size()][EFFECTS.length];
        final Judge judge = new Judge(RULE);
        for (int trial = 0; trial < TRIALS; trial++) {
            final double[][] recorded = new double[runs][];
            for (int r = 0; r < runs; r++) {
                recorded[r] = run(random, drift.factor(random));
            }
            final double[] pooled = Arrays.stream(recorded).flatMapToDouble(Arrays::stream).toArray();
            final double pooledMedian = Summary.of(pooled).median();
            final double[] logs = Arrays.stream(recorded)
                    .mapToDouble(samples -> Math.log(Summary.of(samples).median() / pooledMedian)).toArray();
            final Optional<Judge.Recorded> baseline = Optional.of(new Judge.Recorded(Summary.of(pooled), pooled, ENV,
                    NO_RULER));
            final double[] limits = candidates.stream().mapToDouble(c -> c.upperLog().applyAsDouble(logs, runs))
                    .toArray();
            for (int e = 0; e < EFFECTS.length; e++) {
                final double factor = drift.factor(random) * (1 + EFFECTS[e]);
                final double[] current = run(random, factor);
                final double[] rerun = run(random, factor);
                final Judgement first = judge.judge(current, ENV, NO_RULER, baseline);
                if (first.verdict() != Verdict.REGRESSION) {
                    continue;
                }
                final Judgement second = judge.judge(rerun, ENV, NO_RULER, baseline);
                if (second.verdict() != Verdict.REGRESSION) {
                    continue;
                }
                for (int c = 0; c < candidates.size(); c++) {
                    if (Math.log(first.ratio()) > limits[c] && Math.log(second.ratio()) > limits[c]) {
                        counts[c][e]++;
                    }
                }
            }
        }
        return counts;
    }

    private static double[] run(SplittableRandom random, double factor) {
        final double[] samples = new double[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            samples[i] = 1e6 * factor * Math.exp(0.10 * random.nextGaussian());
        }
        return samples;
    }

    // ---------------------------------------------------------------- real embedded PostgreSQL

    @Test
    @Order(2)
    void embeddedPostgresRuns() throws Throwable {
        final long deadline = System.nanoTime() + (long) (MINUTES * 60e9);
        final Sampling plan = new Sampling(5, SAMPLES, Sampling.CALIBRATE, Duration.ofMillis(10),
                Duration.ofSeconds(120));
        final Map<String, List<double[]>> consecutive = new LinkedHashMap<>();
        final Map<String, List<double[]>> roundRobin = new LinkedHashMap<>();
        final Map<String, List<RecordedBaseline>> baselines = new LinkedHashMap<>();
        final Map<String, int[]> verdicts = new LinkedHashMap<>();
        final Map<String, List<Samples>> merged = new LinkedHashMap<>();
        final Map<String, int[]> mergedVerdicts = new LinkedHashMap<>();
        final Map<String, List<Double>> mergedFences = new LinkedHashMap<>();
        final Map<String, int[]> slowdowns = new LinkedHashMap<>();
        long aggregateRows = 0;
        int instances = 0;
        System.out.printf(Locale.ROOT, "%n=== C. real embedded PostgreSQL: %d passes per arm and server, fence of %d"
                + " runs judged on the next server ===%n", RUNS, RUNS);
        while (System.nanoTime() < deadline) {
            try (Closer closer = new Closer()) {
                final EmbeddedPostgresServer server = closer.register(EmbeddedPostgresServer.start(
                        new EngineTarget(EngineKind.POSTGRES, "17", new TreeMap<>(), ProviderKind.EMBEDDED, "")));
                final ScratchDatabase database = closer.register(server.createDatabase("run_fence"));
                final Connection connection = closer.register(database.dataSource().orElseThrow().getConnection());
                final RulerWorkload workload = closer.register(server.openRulerWorkload().orElseThrow());
                final Sampler sampler = new Sampler(plan, Optional.of(workload::slice));
                if (aggregateRows == 0) {
                    aggregateRows = VerdictEvaluationBenchmark.AggregateScenario.sizeRows(connection);
                }
                final Map<String, Operation> bodies = new LinkedHashMap<>();
                bodies.put("aggregate", closer.register(new VerdictEvaluationBenchmark.AggregateScenario(connection,
                        aggregateRows)).body(0));
                bodies.put("point lookup", closer.register(new VerdictEvaluationBenchmark.LookupScenario(connection))
                        .body(0));
                // Arm 1: every pass of one scenario, then every pass of the other, as JUnit runs methods.
                final Map<String, List<Samples>> passes = new LinkedHashMap<>();
                for (Map.Entry<String, Operation> body : bodies.entrySet()) {
                    final List<Samples> own = new ArrayList<>();
                    for (int r = 0; r < RUNS; r++) {
                        own.add(sampler.run(body.getValue(), () -> { }, new RegionTimer()));
                    }
                    passes.put(body.getKey(), own);
                    consecutive.computeIfAbsent(body.getKey(), key -> new ArrayList<>()).add(medians(own));
                }
                // Arm 2: the same passes with the scenarios' samples taken in turn (A B A B ...).
                final List<Sampler.Side> sides = bodies.values().stream()
                        .map(body -> new Sampler.Side(body, () -> { }, new RegionTimer())).toList();
                final Map<String, List<Samples>> interleaved = new LinkedHashMap<>();
                for (int r = 0; r < RUNS; r++) {
                    final List<Samples> round = sampler.runInterleaved(sides);
                    int s = 0;
                    for (String name : bodies.keySet()) {
                        interleaved.computeIfAbsent(name, key -> new ArrayList<>()).add(round.get(s++));
                    }
                }
                interleaved.forEach((name, own) -> roundRobin.computeIfAbsent(name, key -> new ArrayList<>())
                        .add(medians(own)));
                // Fence: this server's consecutive runs judge the next server's first two passes (a pass and its
                // re-run); so does a baseline merged from one run of each of the last RUNS servers, as the
                // documented procedure (separate JVMs, merged) records it.
                for (String name : bodies.keySet()) {
                    final List<RecordedBaseline> previous = baselines.computeIfAbsent(name, key -> new ArrayList<>());
                    final List<Samples> window = merged.computeIfAbsent(name, key -> new ArrayList<>());
                    if (!previous.isEmpty()) {
                        judgeAgainst(previous.get(previous.size() - 1), passes.get(name),
                                verdicts.computeIfAbsent(name, key -> new int[4]),
                                slowdowns.computeIfAbsent(name + " (same server's runs)", key -> new int[3]));
                    }
                    if (window.size() == RUNS) {
                        final RecordedBaseline fromServers = RecordedBaseline.of(window);
                        judgeAgainst(fromServers, passes.get(name),
                                mergedVerdicts.computeIfAbsent(name, key -> new int[4]),
                                slowdowns.computeIfAbsent(name + " (merged from servers)", key -> new int[3]));
                        mergedFences.computeIfAbsent(name, key -> new ArrayList<>()).add(fromServers.fence().upper());
                        window.remove(0);
                    }
                    previous.add(RecordedBaseline.of(passes.get(name)));
                    window.add(passes.get(name).get(2));
                }
            }
            instances++;
        }
        System.out.printf(Locale.ROOT, "%d server instances%n", instances);
        System.out.println("spread of pass medians within a server (sd of log, %; median over servers) and between"
                + " servers (sd of the servers' mean log median, %):");
        for (String name : consecutive.keySet()) {
            System.out.printf(Locale.ROOT, "%-13s consecutive within %5.1f between %5.1f | round-robin within %5.1f"
                    + " between %5.1f%n", name, 100 * withinSpread(consecutive.get(name)),
                    100 * betweenSpread(consecutive.get(name)), 100 * withinSpread(roundRobin.get(name)),
                    100 * betweenSpread(roundRobin.get(name)));
        }
        System.out.println("A/A against the previous server's " + RUNS + "-run baseline, production fence:"
                + " trials, first pass REGRESSION by the samples alone, confirmed by the samples alone, confirmed"
                + " beyond the fence");
        verdicts.forEach(RunFenceBenchmark::printTally);
        System.out.println("A/A against a baseline merged from one run of each of the previous " + RUNS
                + " servers (the documented procedure):");
        mergedVerdicts.forEach(RunFenceBenchmark::printTally);
        mergedFences.forEach((name, fences) -> System.out.printf(Locale.ROOT, "%-13s median fence of merged baselines"
                + " %.2fx (quartiles %.2fx, %.2fx)%n", name,
                quantileOf(fences.stream().mapToDouble(Double::doubleValue).toArray(), 0.5),
                quantileOf(fences.stream().mapToDouble(Double::doubleValue).toArray(), 0.25),
                quantileOf(fences.stream().mapToDouble(Double::doubleValue).toArray(), 0.75)));
        System.out.println("a slowdown without server work (the next server's pass and re-run, every sample times"
                + " 1.2 / 1.5 / 2), detected with the fence, of the trials above:");
        slowdowns.forEach((name, caught) -> System.out.printf(Locale.ROOT, "%-40s %4d / %4d / %4d%n", name, caught[0],
                caught[1], caught[2]));
        baselines.forEach((name, list) -> System.out.printf(Locale.ROOT, "%-13s median fence of %d-run baselines"
                + " %.2fx (quartiles %.2fx, %.2fx)%n", name, RUNS,
                quantileOf(list.stream().mapToDouble(b -> b.fence().upper()).toArray(), 0.5),
                quantileOf(list.stream().mapToDouble(b -> b.fence().upper()).toArray(), 0.25),
                quantileOf(list.stream().mapToDouble(b -> b.fence().upper()).toArray(), 0.75)));
    }

    private static void printTally(String name, int[] tally) {
        System.out.printf(Locale.ROOT, "%-13s %4d trials, %4d flagged, %4d confirmed without fence, %4d with fence"
                + " (<= %.1f%%)%n", name, tally[0], tally[1], tally[2], tally[3],
                100 * VerdictEvaluationBenchmark.upperBound(tally[3], tally[0]));
    }

    /** A baseline pooled from recorded passes, with the fence of their medians. */
    record RecordedBaseline(double[] pooled, List<RecordedRun> runs) {

        static RecordedBaseline of(List<Samples> passes) {
            final double[] pooled = passes.stream().flatMapToDouble(p -> Arrays.stream(p.nanosPerOp())).toArray();
            final List<RecordedRun> runs = passes.stream().map(p -> new RecordedRun(Summary.of(p.nanosPerOp()).median(),
                    p.nanosPerOp().length, Double.NaN, "-", "-", "-")).toList();
            return new RecordedBaseline(pooled, runs);
        }

        Optional<Judge.Recorded> recorded() {
            return Optional.of(new Judge.Recorded(Summary.of(pooled), pooled, ENV, NO_RULER, runs));
        }

        Optional<Judge.Recorded> samplesOnly() {
            return Optional.of(new Judge.Recorded(Summary.of(pooled), pooled, ENV, NO_RULER));
        }

        Fence fence() {
            return Fence.of(runs, Summary.of(pooled).median(), Double.NaN, false, Fence.DEFAULT_LEVEL);
        }
    }

    private static final double[] SLOWDOWNS = {1.2, 1.5, 2.0};

    private static void judgeAgainst(RecordedBaseline baseline, List<Samples> passes, int[] tally, int[] caught) {
        final Judge judge = new Judge(RULE);
        final double[] first = passes.get(0).nanosPerOp();
        final double[] rerun = passes.get(1).nanosPerOp();
        for (int e = 0; e < SLOWDOWNS.length; e++) {
            final double factor = SLOWDOWNS[e];
            final double[] slower = Arrays.stream(first).map(nanos -> nanos * factor).toArray();
            final double[] slowerRerun = Arrays.stream(rerun).map(nanos -> nanos * factor).toArray();
            if (judge.judge(slower, ENV, NO_RULER, baseline.recorded()).verdict() == Verdict.REGRESSION
                    && judge.judge(slowerRerun, ENV, NO_RULER, baseline.recorded()).verdict() == Verdict.REGRESSION) {
                caught[e]++;
            }
        }
        tally[0]++;
        final Judgement alone = judge.judge(first, ENV, NO_RULER, baseline.samplesOnly());
        if (alone.verdict() == Verdict.REGRESSION) {
            tally[1]++;
            if (judge.judge(rerun, ENV, NO_RULER, baseline.samplesOnly()).verdict() == Verdict.REGRESSION) {
                tally[2]++;
            }
        }
        final Judgement fenced = judge.judge(first, ENV, NO_RULER, baseline.recorded());
        if (fenced.verdict() == Verdict.REGRESSION
                && judge.judge(rerun, ENV, NO_RULER, baseline.recorded()).verdict() == Verdict.REGRESSION) {
            tally[3]++;
        }
    }

    private static double[] medians(List<Samples> passes) {
        return passes.stream().mapToDouble(p -> Summary.of(p.nanosPerOp()).median()).toArray();
    }

    /** The median over servers of the sd of the log pass medians taken on each server. */
    private static double withinSpread(List<double[]> perServer) {
        return quantileOf(perServer.stream().mapToDouble(m -> sd(logs(m))).toArray(), 0.5);
    }

    /** The sd over servers of each server's mean log pass median. */
    private static double betweenSpread(List<double[]> perServer) {
        return sd(perServer.stream().mapToDouble(m -> mean(logs(m))).toArray());
    }

    private static double[] logs(double[] values) {
        return Arrays.stream(values).map(Math::log).toArray();
    }

    /** Student's t with N - 1 degrees of freedom times sqrt(1 + 1/N): the fence's factor before the prior. */
    static double unshrunkFactor(int runs, double level) {
        return TDistribution.of(runs - 1).inverseSurvivalProbability(level) * Math.sqrt(1 + 1.0 / runs);
    }

    static double mean(double[] values) {
        return Arrays.stream(values).average().orElse(Double.NaN);
    }

    static double sd(double[] values) {
        if (values.length < 2) {
            return Double.NaN;
        }
        final double mean = mean(values);
        return Math.sqrt(Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum() / (values.length - 1));
    }

    private static double quantile(double[] ascending, double q) {
        final double position = q * (ascending.length - 1);
        final int below = (int) Math.floor(position);
        final int above = Math.min(below + 1, ascending.length - 1);
        return ascending[below] + (position - below) * (ascending[above] - ascending[below]);
    }

    private static double quantileOf(double[] values, double q) {
        if (values.length == 0) {
            return Double.NaN;
        }
        final double[] sorted = values.clone();
        Arrays.sort(sorted);
        return quantile(sorted, q);
    }

    private static double percent(int count) {
        return 100.0 * count / TRIALS;
    }
}
