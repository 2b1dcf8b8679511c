package dev.dbbench.benchmarks;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
import java.util.stream.IntStream;

import dev.dbbench.api.ConfigKeys;
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
import dev.dbbench.verdict.Judge;
import dev.dbbench.verdict.Judgement;
import dev.dbbench.verdict.Verdict;
import org.apache.commons.statistics.distribution.BetaDistribution;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The timing verdict's error rates, measured: A/A false failures and detection of injected slowdowns,
 * first on synthetic noise models (many trials, fixed seeds), then on real embedded-PostgreSQL
 * scenarios sampled by dbbench's own {@link Sampler}.
 *
 * <p>Run with {@code mvn -B verify -Pharness-benchmarks -Dtest=VerdictEvaluationBenchmark}; it prints
 * the tables quoted in {@code docs/verdict-evaluation.md} and asserts nothing about timing.
 * {@code -Ddbbench.eval.aaTrials}, {@code -Ddbbench.eval.effectTrials} and
 * {@code -Ddbbench.eval.postgresMinutes} shrink or grow the run; {@code -Ddbbench.eval.minSampleMillis} and
 * {@code -Ddbbench.eval.baselinePasses} change how part B samples.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class VerdictEvaluationBenchmark {

    static final int[] THRESHOLDS = {10, 15, 20, 25};
    static final double ALPHA = 0.01;
    static final int NOISE_FLOOR_PERCENT = 3;
    static final int MAX_RULER_DRIFT_PERCENT = 50;
    static final int DEFAULT_SAMPLES = 15;
    static final double[] EFFECTS = {0.10, 0.20, 1.00};
    static final int WARMUP_PROBE = 5;

    static final int AA_TRIALS = Integer.getInteger("dbbench.eval.aaTrials", 10_000);
    static final int EFFECT_TRIALS = Integer.getInteger("dbbench.eval.effectTrials", 500);
    static final double POSTGRES_MINUTES = Double.parseDouble(System.getProperty("dbbench.eval.postgresMinutes", "12"));
    /** Shortest sample of part B when calibrating; dbbench's default unless set. */
    static final long MIN_SAMPLE_MILLIS = Long.getLong("dbbench.eval.minSampleMillis",
            ConfigKeys.DEFAULT_MIN_SAMPLE_MILLIS);
    /** Passes a baseline is recorded from, back to back, their samples and ruler slices pooled. */
    static final int BASELINE_PASSES = Integer.getInteger("dbbench.eval.baselinePasses", 1);
    /** Pause before a re-run pass, to measure whether a re-run at another moment clears more false flags. */
    static final long RERUN_PAUSE_MILLIS = Long.getLong("dbbench.eval.rerunPauseMillis", 0);

    // The synthetic runs compare raw samples: no ruler, one environment, so only the samples decide.
    private static final SortedMap<String, String> NO_ENVIRONMENT = new TreeMap<>();
    private static final SortedMap<String, Double> NO_RULER = new TreeMap<>();

    // ---------------------------------------------------------------- A. synthetic noise models

    @Test
    @Order(1)
    void syntheticNoiseModels() {
        final long start = System.nanoTime();
        final List<NoiseModel> models = NoiseModel.grid();
        System.out.printf(Locale.ROOT, "%n=== A. synthetic noise models (alpha %.2f, noise floor %d%%, %d cores) ===%n",
                ALPHA, NOISE_FLOOR_PERCENT, Runtime.getRuntime().availableProcessors());
        System.out.println("within-run noise: log-normal sigma; drift: log-normal sigma of one factor per run"
                + " (shared by a pass and its re-run, independent for the baseline); outliers: 5% of samples x3");

        final List<Tally[]> aa = runCells(models, DEFAULT_SAMPLES, 0, AA_TRIALS, THRESHOLDS, 1);
        System.out.printf(Locale.ROOT, "%nA/A at %d samples, %d trials per cell: false failures after confirmation"
                + " %% (before confirmation %%) | inconclusive %%%n", DEFAULT_SAMPLES, AA_TRIALS);
        printHeader(THRESHOLDS);
        for (int m = 0; m < models.size(); m++) {
            final StringBuilder row = new StringBuilder(models.get(m).label());
            for (Tally tally : aa.get(m)) {
                row.append(String.format(Locale.ROOT, " | %6.3f (%6.3f) %5.1f", tally.confirmedPercent(),
                        tally.firstPercent(), tally.inconclusivePercent()));
            }
            System.out.println(row);
        }
        printAaUpperBounds(aa);

        for (int e = 0; e < EFFECTS.length; e++) {
            final double effect = EFFECTS[e];
            final List<Tally[]> detected =
                    runCells(models, DEFAULT_SAMPLES, effect, EFFECT_TRIALS, THRESHOLDS, 100 + e);
            System.out.printf(Locale.ROOT, "%n%s at %d samples, %d trials per cell: detected (confirmed regression)"
                    + " %% | inconclusive %%%n", effectLabel(effect), DEFAULT_SAMPLES, EFFECT_TRIALS);
            printHeader(THRESHOLDS);
            for (int m = 0; m < models.size(); m++) {
                final StringBuilder row = new StringBuilder(models.get(m).label());
                for (Tally tally : detected.get(m)) {
                    row.append(String.format(Locale.ROOT, " | %6.1f %5.1f        ", tally.confirmedPercent(),
                            tally.inconclusivePercent()));
                }
                System.out.println(row);
            }
        }

        sampleCountTable();
        System.out.printf(Locale.ROOT, "%nsynthetic part took %.1f s%n", (System.nanoTime() - start) / 1e9);
    }

    /**
     * What +10% takes: detection and A/A false failures across sample counts and thresholds, on the
     * models without outliers (outliers only widen the picture the main tables already show).
     */
    private void sampleCountTable() {
        final int[] sampleCounts = {10, 15, 20, 30};
        final int[] thresholds = {5, 10, 15, 20, 25};
        final List<NoiseModel> models = NoiseModel.grid().stream().filter(model -> !model.outliers()).toList();
        for (double effect : new double[] {0, 0.10}) {
            final int trials = effect == 0 ? AA_TRIALS / 10 : EFFECT_TRIALS;
            System.out.printf(Locale.ROOT, "%n%s by sample count, %d trials per cell: %s %% after confirmation%n",
                    effect == 0 ? "A/A" : effectLabel(effect), trials, effect == 0 ? "false failures" : "detected");
            final StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-30s %3s", "model", "n"));
            for (int threshold : thresholds) {
                header.append(String.format(Locale.ROOT, " | thr %2d%%", threshold));
            }
            System.out.println(header);
            for (int samples : sampleCounts) {
                final List<Tally[]> cells = runCells(models, samples, effect, trials, thresholds,
                        1000 + samples * 10 + (int) Math.round(effect * 100));
                for (int m = 0; m < models.size(); m++) {
                    final StringBuilder row = new StringBuilder(
                            String.format(Locale.ROOT, "%-30s %3d", models.get(m).label(), samples));
                    for (Tally tally : cells.get(m)) {
                        row.append(String.format(Locale.ROOT, effect == 0 ? " | %7.3f" : " | %7.1f",
                                tally.confirmedPercent()));
                    }
                    System.out.println(row);
                }
            }
        }
    }

    /** Runs every model as its own task with its own seed, so the tables do not depend on the thread count. */
    private static List<Tally[]> runCells(List<NoiseModel> models, int samples, double effect, int trials,
            int[] thresholds, int seedBase) {
        final Judge[] judges = judges(thresholds, false);
        return IntStream.range(0, models.size()).parallel()
                .mapToObj(m -> runCell(models.get(m), samples, effect, trials, judges,
                        new SplittableRandom(seedBase * 7919L + m)))
                .toList();
    }

    private static Tally[] runCell(NoiseModel model, int samples, double effect, int trials, Judge[] judges,
            SplittableRandom random) {
        final Tally[] tallies = newTallies(judges.length);
        for (int trial = 0; trial < trials; trial++) {
            final double[] baseline = model.run(random, samples, model.runFactor(random));
            final double currentFactor = model.runFactor(random) * (1 + effect);
            final double[] current = model.run(random, samples, currentFactor);
            // Drawn for every trial, used only when a pass is flagged, so the random stream stays aligned.
            final double[] rerun = model.run(random, samples, currentFactor);
            final Optional<Judge.Recorded> recorded =
                    Optional.of(new Judge.Recorded(Summary.of(baseline), baseline, NO_ENVIRONMENT, NO_RULER));
            addAll(tallies, judges, current, NO_RULER, rerun, NO_RULER, recorded, NO_ENVIRONMENT);
        }
        return tallies;
    }

    private static void printAaUpperBounds(List<Tally[]> aa) {
        int worst = 0;
        for (Tally[] cell : aa) {
            for (Tally tally : cell) {
                worst = Math.max(worst, tally.confirmed);
            }
        }
        System.out.printf(Locale.ROOT, "one-sided 95%% upper bound on the false-failure rate: %.3f%% for a cell with"
                + " 0 of %d, %.3f%% for the worst cell (%d of %d)%n", 100 * upperBound(0, AA_TRIALS), AA_TRIALS,
                100 * upperBound(worst, AA_TRIALS), worst, AA_TRIALS);
    }

    private static void printHeader(int[] thresholds) {
        final StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-30s", "model"));
        for (int threshold : thresholds) {
            header.append(String.format(Locale.ROOT, " | threshold %2d%%        ", threshold));
        }
        System.out.println(header);
    }

    /** One synthetic noise model: log-normal noise within a run, a log-normal factor per run, optional outliers. */
    record NoiseModel(double sigma, double drift, boolean outliers) {

        static final double NANOS = 1_000_000;
        static final double OUTLIER_SHARE = 0.05;
        static final double OUTLIER_FACTOR = 3;

        static List<NoiseModel> grid() {
            final List<NoiseModel> models = new ArrayList<>();
            for (boolean outliers : new boolean[] {false, true}) {
                for (double drift : new double[] {0, 0.03, 0.10}) {
                    for (double sigma : new double[] {0.02, 0.05, 0.10, 0.20}) {
                        models.add(new NoiseModel(sigma, drift, outliers));
                    }
                }
            }
            return models;
        }

        double runFactor(SplittableRandom random) {
            return Math.exp(drift * random.nextGaussian());
        }

        double[] run(SplittableRandom random, int samples, double factor) {
            final double[] values = new double[samples];
            for (int i = 0; i < samples; i++) {
                final double outlier = outliers && random.nextDouble() < OUTLIER_SHARE ? OUTLIER_FACTOR : 1;
                values[i] = NANOS * factor * Math.exp(sigma * random.nextGaussian()) * outlier;
            }
            return values;
        }

        String label() {
            return String.format(Locale.ROOT, "noise %4.2f drift %4.2f %s", sigma, drift, outliers ? "outl" : "    ");
        }
    }

    // ---------------------------------------------------------------- B. embedded PostgreSQL

    @Test
    @Order(2)
    void embeddedPostgres() throws Throwable {
        final long start = System.nanoTime();
        final long deadline = start + (long) (POSTGRES_MINUTES * 60e9);
        final double[] effects = {0, 0.10, 0.20, 1.00};
        final Judge[] raw = judges(THRESHOLDS, false);
        final Judge[] normalized = judges(THRESHOLDS, true);
        final Map<String, RealTallies> sameServer = new LinkedHashMap<>();
        final Map<String, RealTallies> sameServerNormalized = new LinkedHashMap<>();
        final Map<String, RealTallies> otherServer = new LinkedHashMap<>();
        final Map<String, RealTallies> otherServerNormalized = new LinkedHashMap<>();
        final Map<String, List<Double>> cvs = new LinkedHashMap<>();
        final Map<String, List<Double>> earlyOverLate = new LinkedHashMap<>();
        final Map<String, List<List<Double>>> ratios = new LinkedHashMap<>();
        final Map<String, Pass> previousBaselines = new TreeMap<>();
        long aggregateRows = 0;
        int instances = 0;
        System.out.printf(Locale.ROOT, "%n=== B. embedded PostgreSQL, dbbench's Sampler: %s, re-run after %d ms ===%n",
                plan(), RERUN_PAUSE_MILLIS);
        while (System.nanoTime() < deadline) {
            try (Closer closer = new Closer()) {
                final EmbeddedPostgresServer server = closer.register(EmbeddedPostgresServer.start(
                        new EngineTarget(EngineKind.POSTGRES, "17", new TreeMap<>(), ProviderKind.EMBEDDED, "")));
                final ScratchDatabase database = closer.register(server.createDatabase("verdict_eval"));
                final Connection connection = closer.register(database.dataSource().orElseThrow().getConnection());
                final SortedMap<String, String> environment = server.fingerprint();
                final RulerWorkload workload = closer.register(server.openRulerWorkload().orElseThrow());
                final SortedMap<String, Double> ruler = Ruler.read(Optional.of(workload));
                final Sampler sampler = new Sampler(plan(), Optional.of(workload::slice));
                if (aggregateRows == 0) {
                    aggregateRows = AggregateScenario.sizeRows(connection);
                    System.out.printf(Locale.ROOT, "aggregate over %d rows; point lookup on %d rows%n", aggregateRows,
                            LookupScenario.ROWS);
                }
                final List<Scenario> scenarios = List.of(
                        closer.register(new AggregateScenario(connection, aggregateRows)),
                        closer.register(new LookupScenario(connection)));
                for (Scenario scenario : scenarios) {
                    final String name = scenario.name();
                    final Pass baseline = sampleBaseline(sampler, scenario.body(0), environment, ruler);
                    cvs.computeIfAbsent(name, key -> new ArrayList<>()).add(Summary.of(baseline.samples()).cv());
                    earlyOverLate.computeIfAbsent(name, key -> new ArrayList<>())
                            .add(earlyOverLate(baseline.samples()));
                    final Optional<Pass> previous = Optional.ofNullable(previousBaselines.get(name));
                    // Rotate the order of the effects so none is always sampled right after the baseline.
                    for (int k = 0; k < effects.length; k++) {
                        final int e = (k + instances) % effects.length;
                        final Pass current = sample(sampler, scenario.body(effects[e]), environment, ruler);
                        final Optional<Pass> rerun = sampleIfFlagged(sampler, scenario, effects[e], current,
                                baseline, previous, raw, normalized);
                        ratios.computeIfAbsent(name, key -> newLists(effects.length)).get(e)
                                .add(Summary.of(current.samples()).median() / Summary.of(baseline.samples()).median());
                        tally(sameServer, name, effects.length, e, raw, current, rerun, baseline);
                        tally(sameServerNormalized, name, effects.length, e, normalized, current, rerun, baseline);
                        if (previous.isPresent()) {
                            tally(otherServer, name, effects.length, e, raw, current, rerun, previous.get());
                            tally(otherServerNormalized, name, effects.length, e, normalized, current, rerun,
                                    previous.get());
                        }
                    }
                    previousBaselines.put(name, baseline);
                }
            }
            instances++;
        }
        final double minutes = (System.nanoTime() - start) / 60e9;
        System.out.printf(Locale.ROOT, "%d server instances in %.1f min%n", instances, minutes);
        for (Map.Entry<String, List<Double>> entry : cvs.entrySet()) {
            System.out.printf(Locale.ROOT, "%s: median CV of a pass %.2f%% (quartiles %.2f%%, %.2f%%)%n",
                    entry.getKey(), 100 * quantile(entry.getValue(), 0.5), 100 * quantile(entry.getValue(), 0.25),
                    100 * quantile(entry.getValue(), 0.75));
        }
        for (Map.Entry<String, List<Double>> entry : earlyOverLate.entrySet()) {
            System.out.printf(Locale.ROOT, "%s: first pass on a fresh server, median of the first %d timed samples"
                    + " over the last %d: median %.3f (quartiles %.3f, %.3f)%n", entry.getKey(), WARMUP_PROBE,
                    WARMUP_PROBE, quantile(entry.getValue(), 0.5), quantile(entry.getValue(), 0.25),
                    quantile(entry.getValue(), 0.75));
        }
        for (Map.Entry<String, List<List<Double>>> entry : ratios.entrySet()) {
            final StringBuilder line = new StringBuilder(entry.getKey() + ": measured median ratio, same server:");
            for (int e = 0; e < effects.length; e++) {
                line.append(String.format(Locale.ROOT, " %s %.3f", effectLabel(effects[e]),
                        quantile(entry.getValue().get(e), 0.5)));
            }
            System.out.println(line);
        }
        printReal("baseline from the same server instance (no normalization)", sameServer, effects);
        printReal("baseline from the same server instance (normalized by the ruler slices)", sameServerNormalized,
                effects);
        printReal("baseline from the previous server instance (no normalization)", otherServer, effects);
        printReal("baseline from the previous server instance (normalized by the ruler slices)", otherServerNormalized,
                effects);
    }

    /**
     * How much slower the first timed samples are than the last ones: well above 1 would mean the
     * warm-ups left the server or the JVM still warming up when timing began.
     */
    private static double earlyOverLate(double[] samples) {
        final List<Double> early = new ArrayList<>();
        final List<Double> late = new ArrayList<>();
        for (int i = 0; i < WARMUP_PROBE; i++) {
            early.add(samples[i]);
            late.add(samples[samples.length - 1 - i]);
        }
        return quantile(early, 0.5) / quantile(late, 0.5);
    }

    /** The re-run pass, sampled only when some judge flags the first pass, as dbbench itself would. */
    private static Optional<Pass> sampleIfFlagged(Sampler sampler, Scenario scenario, double effect, Pass current,
            Pass baseline, Optional<Pass> previous, Judge[] raw, Judge[] normalized) throws Throwable {
        // The lowest threshold flags whenever a higher one does, so one judge per comparison suffices.
        boolean flagged = false;
        for (Pass other : previous.isPresent() ? List.of(baseline, previous.get()) : List.of(baseline)) {
            for (Judge judge : List.of(raw[0], normalized[0])) {
                flagged |= judge.judge(current.samples(), current.environment(), current.ruler(), other.recorded())
                        .verdict() == Verdict.REGRESSION;
            }
        }
        if (!flagged) {
            return Optional.empty();
        }
        Thread.sleep(RERUN_PAUSE_MILLIS);
        return Optional.of(sample(sampler, scenario.body(effect), current.environment(), current.startRuler()));
    }

    private static void tally(Map<String, RealTallies> tallies, String scenario, int effects, int effect,
            Judge[] judges, Pass current, Optional<Pass> rerun, Pass baseline) {
        final Tally[] cell = tallies.computeIfAbsent(scenario, key -> new RealTallies(effects, judges.length))
                .cells()[effect];
        addAll(cell, judges, current.samples(), current.ruler(), rerun.map(Pass::samples).orElse(null),
                rerun.map(Pass::ruler).orElse(null), baseline.recorded(), current.environment());
    }

    private static void printReal(String title, Map<String, RealTallies> tallies, double[] effects) {
        System.out.printf(Locale.ROOT, "%n%s: final verdicts %% (A/A: false failures after confirmation, before in"
                + " brackets, one-sided 95%% upper bound; slowdowns: detected), inconclusive %%%n", title);
        final StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-14s %-6s %6s", "scenario",
                "effect", "trials"));
        for (int threshold : THRESHOLDS) {
            header.append(String.format(Locale.ROOT, " | threshold %2d%%              ", threshold));
        }
        System.out.println(header);
        for (Map.Entry<String, RealTallies> entry : tallies.entrySet()) {
            for (int e = 0; e < effects.length; e++) {
                final Tally[] cell = entry.getValue().cells()[e];
                final StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-14s %-6s %6d",
                        entry.getKey(), effectLabel(effects[e]), cell[0].trials));
                for (Tally tally : cell) {
                    row.append(effects[e] == 0
                            ? String.format(Locale.ROOT, " | %5.1f (%5.1f) <=%5.1f %5.1f", tally.confirmedPercent(),
                                    tally.firstPercent(), 100 * upperBound(tally.confirmed, tally.trials),
                                    tally.inconclusivePercent())
                            : String.format(Locale.ROOT, " | %5.1f %5.1f                ", tally.confirmedPercent(),
                                    tally.inconclusivePercent()));
                }
                System.out.println(row);
            }
        }
    }

    private static Sampling plan() {
        // dbbench's defaults, so the figures are what a user gets; the timeout only guards a hung server.
        return new Sampling(5, DEFAULT_SAMPLES, Sampling.CALIBRATE, Duration.ofMillis(MIN_SAMPLE_MILLIS),
                Duration.ofSeconds(120));
    }

    /** A pass sampled as dbbench samples it, ruler slices between the samples, with its ruler reading. */
    private static Pass sample(Sampler sampler, Operation body, SortedMap<String, String> environment,
            SortedMap<String, Double> startRuler) throws Throwable {
        final Samples samples = sampler.run(body, () -> { }, new RegionTimer());
        return new Pass(samples.nanosPerOp(), environment, startRuler, Ruler.withSlices(startRuler, samples));
    }

    private static Pass sampleBaseline(Sampler sampler, Operation body, SortedMap<String, String> environment,
            SortedMap<String, Double> startRuler) throws Throwable {
        double[] nanos = new double[0];
        double[] slices = new double[0];
        for (int pass = 0; pass < BASELINE_PASSES; pass++) {
            final Samples samples = sampler.run(body, () -> { }, new RegionTimer());
            nanos = concat(nanos, samples.nanosPerOp());
            slices = concat(slices, samples.rulerSliceNanos());
        }
        final Samples pooled = new Samples(nanos, 1, 0, Duration.ZERO, new double[0], slices);
        return new Pass(nanos, environment, startRuler, Ruler.withSlices(startRuler, pooled));
    }

    private static double[] concat(double[] first, double[] second) {
        final double[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }

    /**
     * One sampled pass with what its baseline entry would hold: the run's ruler as the server started,
     * and that reading with the median of the pass's own ruler slices added.
     */
    record Pass(double[] samples, SortedMap<String, String> environment, SortedMap<String, Double> startRuler,
            SortedMap<String, Double> ruler) {

        Optional<Judge.Recorded> recorded() {
            return Optional.of(new Judge.Recorded(Summary.of(samples), samples, environment, ruler));
        }
    }

    /** Tallies per effect and threshold of one real scenario. */
    record RealTallies(Tally[][] cells) {

        RealTallies(int effects, int thresholds) {
            this(IntStream.range(0, effects).mapToObj(e -> newTallies(thresholds)).toArray(Tally[][]::new));
        }
    }

    /** A real workload whose body can be slowed by a controlled amount of extra work. */
    interface Scenario extends AutoCloseable {

        String name();

        /** The body, doing {@code 1 + effect} times the work of the unslowed one. */
        Operation body(double effect);

        @Override
        void close() throws SQLException;
    }

    /** Server-side CPU: an aggregate over a generated series, slowed by generating proportionally more rows. */
    static final class AggregateScenario implements Scenario {

        static final double TARGET_MILLIS = 2;
        private final PreparedStatement query;
        private final long rows;

        AggregateScenario(Connection connection, long rows) throws SQLException {
            this.query = connection.prepareStatement("SELECT sum(g::bigint * g) FROM generate_series(1, ?) AS g");
            this.rows = rows;
        }

        /** Sizes the series once, on the first server, so every later instance runs the same work. */
        static long sizeRows(Connection connection) throws Throwable {
            final long probeRows = 200_000;
            try (AggregateScenario probe = new AggregateScenario(connection, probeRows)) {
                final Operation body = probe.body(0);
                for (int i = 0; i < 20; i++) {
                    body.run();
                }
                final double[] nanos = new double[21];
                for (int i = 0; i < nanos.length; i++) {
                    final long start = System.nanoTime();
                    body.run();
                    nanos[i] = System.nanoTime() - start;
                }
                Arrays.sort(nanos);
                return Math.round(probeRows * TARGET_MILLIS * 1e6 / nanos[nanos.length / 2]);
            }
        }

        @Override
        public String name() {
            return "aggregate";
        }

        @Override
        public Operation body(double effect) {
            final long scaled = Math.round(rows * (1 + effect));
            return () -> {
                query.setLong(1, scaled);
                try (ResultSet sum = query.executeQuery()) {
                    sum.next();
                }
            };
        }

        @Override
        public void close() throws SQLException {
            query.close();
        }
    }

    /**
     * Client round trips: a prepared point lookup on an indexed table, slowed by running every k-th
     * call twice, so a sample of many calls does {@code 1 + 1/k} times the work.
     */
    static final class LookupScenario implements Scenario {

        static final int ROWS = 10_000;
        private final PreparedStatement query;
        private int next;

        LookupScenario(Connection connection) throws SQLException {
            try (Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE kv (k int PRIMARY KEY, v text NOT NULL)");
                statement.execute("INSERT INTO kv SELECT g, md5(g::text) FROM generate_series(1, " + ROWS + ") g");
                statement.execute("ANALYZE kv");
            }
            this.query = connection.prepareStatement("SELECT v FROM kv WHERE k = ?");
        }

        @Override
        public String name() {
            return "point lookup";
        }

        @Override
        public Operation body(double effect) {
            final int every = effect == 0 ? 0 : (int) Math.round(1 / effect);
            final int[] calls = {0};
            return () -> {
                lookup();
                calls[0]++;
                if (every > 0 && calls[0] % every == 0) {
                    lookup();
                }
            };
        }

        private void lookup() throws SQLException {
            next = next % ROWS + 1;
            query.setInt(1, next);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                rows.getString(1);
            }
        }

        @Override
        public void close() throws SQLException {
            query.close();
        }
    }

    // ---------------------------------------------------------------- shared helpers

    /** First-pass and final verdict counts of one cell. */
    static final class Tally {

        private int trials;
        private int first;
        private int confirmed;
        private int inconclusive;

        void add(Verdict firstVerdict, Verdict finalVerdict) {
            trials++;
            if (firstVerdict == Verdict.REGRESSION) {
                first++;
            }
            if (finalVerdict == Verdict.REGRESSION) {
                confirmed++;
            } else if (finalVerdict == Verdict.INCONCLUSIVE) {
                inconclusive++;
            }
        }

        double firstPercent() {
            return percent(first);
        }

        double confirmedPercent() {
            return percent(confirmed);
        }

        double inconclusivePercent() {
            return percent(inconclusive);
        }

        private double percent(int count) {
            return trials == 0 ? Double.NaN : 100.0 * count / trials;
        }
    }

    /**
     * Adds one scenario-run to the tallies of every threshold: the first pass, and for each threshold
     * that flags it, the confirmation by the re-run. {@code rerun} may be null only if no threshold flags.
     */
    private static void addAll(Tally[] tallies, Judge[] judges, double[] current, SortedMap<String, Double> ruler,
            double[] rerun, SortedMap<String, Double> rerunRuler, Optional<Judge.Recorded> recorded,
            SortedMap<String, String> environment) {
        final Judgement[] first = byThreshold(judges, current, recorded, environment, ruler);
        Judgement[] second = null;
        for (int t = 0; t < judges.length; t++) {
            Judgement last = first[t];
            if (first[t].verdict() == Verdict.REGRESSION) {
                if (second == null) {
                    second = byThreshold(judges, rerun, recorded, environment, rerunRuler);
                }
                last = Judge.confirm(first[t], second[t]);
            }
            tallies[t].add(first[t].verdict(), last.verdict());
        }
    }

    /**
     * The judgement under each judge, thresholds ascending. The Judge costs about 2 ms (a 2,000-fold
     * bootstrap and two exact rank tests), so a PASS is carried upwards instead of recomputed: the
     * threshold only widens the PASS band and raises the bar for REGRESSION and IMPROVEMENT, so a
     * PASS at one threshold is a PASS at every higher one.
     */
    private static Judgement[] byThreshold(Judge[] judges, double[] samples, Optional<Judge.Recorded> recorded,
            SortedMap<String, String> environment, SortedMap<String, Double> ruler) {
        final Judgement[] judgements = new Judgement[judges.length];
        for (int t = 0; t < judges.length; t++) {
            judgements[t] = t > 0 && judgements[t - 1].verdict() == Verdict.PASS
                    ? judgements[t - 1]
                    : judges[t].judge(samples, environment, ruler, recorded);
        }
        return judgements;
    }

    private static Tally[] newTallies(int count) {
        return IntStream.range(0, count).mapToObj(i -> new Tally()).toArray(Tally[]::new);
    }

    private static List<List<Double>> newLists(int count) {
        final List<List<Double>> lists = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            lists.add(new ArrayList<>());
        }
        return lists;
    }

    private static Judge[] judges(int[] thresholds, boolean normalize) {
        return Arrays.stream(thresholds)
                .mapToObj(threshold -> new Judge(
                        new TimingRule(threshold, ALPHA, NOISE_FLOOR_PERCENT, MAX_RULER_DRIFT_PERCENT, normalize, EnvironmentPolicy.WARN)))
                .toArray(Judge[]::new);
    }

    /** One-sided 95% Clopper-Pearson upper bound; for zero failures it is the "rule of three", about 3/n. */
    static double upperBound(int failures, int trials) {
        if (trials == 0) {
            return Double.NaN;
        }
        if (failures >= trials) {
            return 1;
        }
        return BetaDistribution.of(failures + 1, trials - failures).inverseCumulativeProbability(0.95);
    }

    private static double quantile(List<Double> values, double q) {
        final double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (sorted.length == 0) {
            return Double.NaN;
        }
        // Linear interpolation between order statistics, as Summary does for samples.
        final double position = q * (sorted.length - 1);
        final int below = (int) Math.floor(position);
        final int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
    }

    private static String effectLabel(double effect) {
        if (effect == 0) {
            return "A/A";
        }
        return effect >= 1 ? String.format(Locale.ROOT, "%.0fx", 1 + effect)
                : String.format(Locale.ROOT, "+%.0f%%", 100 * effect);
    }
}
