package dev.dbbench.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
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
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.baseline.BaselineEntry;
import dev.dbbench.baseline.BaselineFile;
import dev.dbbench.baseline.BaselineStore;
import dev.dbbench.config.EnvironmentPolicy;
import dev.dbbench.env.MachineId;
import dev.dbbench.evaluate.TimingAuthority;
import dev.dbbench.measure.Ruler;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.Timings;
import dev.dbbench.spec.TimingRule;
import dev.dbbench.stats.Summary;
import dev.dbbench.verdict.Fence;
import dev.dbbench.verdict.Judge;
import dev.dbbench.verdict.RecordedRun;
import dev.dbbench.verdict.Verdict;
import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/**
 * How far the example baselines' fences reach, and how many machines a baseline's runs must come from
 * before its timings may fail the build on another machine (issue 27; docs/time-verdicts.md).
 *
 * <ul>
 *   <li>{@code fencesOfTheExampleBaselines}: for every entry under {@code dbbench-examples/baselines},
 *       its runs, the machines they came from, their robust spread, the fence as dbbench draws it now
 *       and as the unshrunk estimator drew it, and the smallest slowdown its timing gate catches (the
 *       wider of the threshold and the fence), as a Markdown table. The threshold is 25 % unless
 *       {@code -Ddbbench.eval.results} names runs whose results say otherwise.</li>
 *   <li>{@code machinesAFenceNeeds}: with {@code -Ddbbench.eval.results=DIR}, a folder of the main job's
 *       {@code results.json} files taken on simulated other machines ({@code .ci/other-machine-check.sh}),
 *       each file one machine's run of every benchmark. Together with the committed baselines' runs
 *       (ten JVMs of the recording machine) they form a pool of runs of each PostgreSQL benchmark; for
 *       each K, K runs drawn at random become a baseline of K machines and one more run of the pool is
 *       judged against it, unchanged and twice as slow, by dbbench's {@link Judge} with the default rule
 *       (divided by the ruler slices: a results file's slices are its ruler ratio times the committed
 *       entry's) and without the confirmation re-run (which only clears findings, so this counts at
 *       least as many false failures as the gate would make). {@code -Ddbbench.eval.machineTrials}
 *       trials per K and benchmark (default 400).</li>
 * </ul>
 *
 * <p>Run with {@code mvn -B verify -Pharness-benchmarks -Dtest=MachineCountBenchmark
 * -Ddbbench.eval.results=DIR}; it prints the tables quoted in docs/time-verdicts.md and asserts
 * nothing about timing.
 */
class MachineCountBenchmark {

    static final Path BASELINES = Paths.get("baselines");
    static final int TRIALS = Integer.getInteger("dbbench.eval.machineTrials", 400);
    static final int[] MACHINES = {1, 2, 3, 5, 8, 10, 12, 15, 20};
    private static final SortedMap<String, String> ENV = new TreeMap<>();

    @Test
    void fencesOfTheExampleBaselines() throws IOException {
        final Map<String, Integer> thresholds = thresholds(results());
        System.out.println("| benchmark | runs | machines | spread | fence | unshrunk fence | catches >= |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|");
        for (Map.Entry<String, Timings> entry : baselineTimings().entrySet()) {
            final Timings time = entry.getValue();
            final double slices = time.ruler().getOrDefault(Ruler.SLICES, Double.NaN);
            final Fence fence = Fence.of(time.runs(), time.summary().median(), slices, true, Fence.DEFAULT_LEVEL);
            final double threshold = 1 + thresholds.getOrDefault(entry.getKey(), 25) / 100.0;
            final TimingAuthority authority = TimingAuthority.of(time.runs(), MachineId.UNKNOWN);
            System.out.printf(Locale.ROOT, "| %s | %d | %s | ±%.1f %% | %.2fx to %.2fx | %.2fx | %.2fx |%n",
                    entry.getKey(), time.runCount(), machines(time.runs()) + (authority.gates() ? "" : " (reports)"),
                    100 * fence.spread(), fence.lower(), fence.upper(), unshrunk(time, slices),
                    Math.max(threshold, fence.upper()));
        }
    }

    @Test
    void machinesAFenceNeeds() throws IOException {
        final List<Path> files = results();
        if (files.isEmpty()) {
            System.out.println("machinesAFenceNeeds: set -Ddbbench.eval.results to a folder of results.json files");
            return;
        }
        final Map<String, List<MachineRun>> pools = new LinkedHashMap<>();
        final Map<String, Integer> thresholds = thresholds(files);
        final Map<String, Timings> committed = baselineTimings();
        committed.forEach((key, time) -> {
            if (!key.contains("emulated")) {
                pools.put(key, new ArrayList<>(runsOf(time)));
            }
        });
        for (Path file : files) {
            for (JsonNode result : new ObjectMapper().readTree(file.toFile()).get("results")) {
                final String key = key(result);
                if (pools.containsKey(key) && result.hasNonNull("samples") && result.hasNonNull("rulerRatio")) {
                    pools.get(key).add(new MachineRun(numbers(result.get("samples")), result.get("rulerRatio")
                            .asDouble() * committed.get(key).ruler().getOrDefault(Ruler.SLICES, Double.NaN)));
                }
            }
        }
        System.out.printf(Locale.ROOT, "%n=== machines a fence needs: %d results files + the committed baselines' runs,"
                + " %d trials per K and benchmark, %d PostgreSQL benchmarks ===%n", files.size(), TRIALS, pools.size());
        System.out.println("| K machines | false failures per main-job run (sum over benchmarks) | benchmarks ever"
                + " failed | worst benchmark, its rate | 2x caught (mean over benchmarks) |");
        System.out.println("|---:|---:|---:|---|---:|");
        for (int machines : MACHINES) {
            double perRun = 0;
            double caught = 0;
            int ever = 0;
            String worst = "-";
            double worstRate = 0;
            int judged = 0;
            for (Map.Entry<String, List<MachineRun>> pool : pools.entrySet()) {
                if (pool.getValue().size() <= machines) {
                    continue;
                }
                final int[] counts = trials(pool.getValue(), machines, thresholds.getOrDefault(pool.getKey(), 25),
                        new SplittableRandom(pool.getKey().hashCode() * 31L + machines));
                final double rate = counts[0] / (double) TRIALS;
                perRun += rate;
                caught += counts[1] / (double) TRIALS;
                judged++;
                if (counts[0] > 0) {
                    ever++;
                }
                if (rate > worstRate) {
                    worstRate = rate;
                    worst = pool.getKey();
                }
            }
            System.out.printf(Locale.ROOT, "| %d | %.3f | %d of %d | %s %.1f %% | %.1f %% |%n", machines, perRun, ever,
                    judged, worst, 100 * worstRate, judged == 0 ? Double.NaN : 100 * caught / judged);
        }
    }

    /** One machine's run of a benchmark: its samples and the median of its ruler slices. */
    record MachineRun(double[] samples, double slices) {

        SortedMap<String, Double> ruler() {
            return new TreeMap<>(Map.of(Ruler.SLICES, slices));
        }
    }

    /** Unchanged runs judged as failures, and doubled runs caught, over the trials with K machines. */
    private static int[] trials(List<MachineRun> pool, int machines, int thresholdPercent, SplittableRandom random) {
        final Judge judge = new Judge(new TimingRule(thresholdPercent, 0.01, 3, 50, true, EnvironmentPolicy.WARN));
        final int[] counts = new int[2];
        for (int trial = 0; trial < TRIALS; trial++) {
            final List<MachineRun> shuffled = new ArrayList<>(pool);
            for (int i = shuffled.size() - 1; i > 0; i--) {
                final int j = random.nextInt(i + 1);
                final MachineRun swap = shuffled.get(i);
                shuffled.set(i, shuffled.get(j));
                shuffled.set(j, swap);
            }
            final List<MachineRun> recorded = shuffled.subList(0, machines);
            final double[] pooled = recorded.stream().flatMapToDouble(run -> Arrays.stream(run.samples())).toArray();
            final List<RecordedRun> runs = recorded.stream().map(run -> new RecordedRun(
                    Summary.of(run.samples()).median(), run.samples().length, run.slices(), "-", "-", "-")).toList();
            final double slices = Summary.of(recorded.stream().mapToDouble(MachineRun::slices).toArray()).median();
            final Optional<Judge.Recorded> baseline = Optional.of(new Judge.Recorded(Summary.of(pooled), pooled, ENV,
                    new TreeMap<>(Map.of(Ruler.SLICES, slices)), runs));
            final MachineRun current = shuffled.get(machines);
            if (judge.judge(current.samples(), ENV, current.ruler(), baseline).verdict() == Verdict.REGRESSION) {
                counts[0]++;
            }
            final double[] doubled = Arrays.stream(current.samples()).map(sample -> 2 * sample).toArray();
            if (judge.judge(doubled, ENV, current.ruler(), baseline).verdict() == Verdict.REGRESSION) {
                counts[1]++;
            }
        }
        return counts;
    }

    /** Each committed entry's wall time, keyed {@code Class.method [target]}. */
    private static Map<String, Timings> baselineTimings() throws IOException {
        final Map<String, Timings> timings = new TreeMap<>();
        final BaselineStore store = new BaselineStore(BASELINES);
        try (Stream<Path> files = Files.list(BASELINES)) {
            for (Path file : files.sorted().toList()) {
                final String name = file.getFileName().toString();
                final String className = name.substring(0, name.length() - ".json".length());
                final BaselineFile baseline = store.read(className).orElseThrow();
                for (Map.Entry<String, BaselineEntry> entry : baseline.benchmarks().entrySet()) {
                    timings.put(className.substring(className.lastIndexOf('.') + 1) + "." + entry.getKey(),
                            entry.getValue().metrics().get(Metrics.TIME).orElseThrow());
                }
            }
        }
        return timings;
    }

    /** The samples and slices of each recorded run, in order. */
    private static List<MachineRun> runsOf(Timings time) {
        final double[] samples = time.nanosPerOp();
        final List<MachineRun> runs = new ArrayList<>();
        int start = 0;
        for (RecordedRun run : time.runs()) {
            runs.add(new MachineRun(Arrays.copyOfRange(samples, start, start + run.n()), run.slices()));
            start += run.n();
        }
        return runs;
    }

    /** How many machines the runs came from, and the kind of ids that says so: {@code 1 legacy}. */
    private static String machines(List<RecordedRun> runs) {
        final String kinds = String.join("/", runs.stream().map(run -> new MachineId(run.machine()).kind().name()
                .toLowerCase(Locale.ROOT)).distinct().toList());
        return TimingAuthority.machines(runs) + " " + kinds;
    }

    /** The upper fence as dbbench drew it until issue 27: mean and sd of the log medians, Student's t with N - 1. */
    private static double unshrunk(Timings time, double slices) {
        final List<RecordedRun> runs = time.runs();
        if (runs.size() < 2) {
            return Double.NaN;
        }
        final boolean normalized = slices > 0 && runs.stream().allMatch(RecordedRun::hasSlices);
        final double median = time.summary().median();
        final double[] logs = runs.stream().mapToDouble(run -> normalized
                ? Math.log(run.median() / run.slices()) - Math.log(median / slices)
                : Math.log(run.median() / median)).toArray();
        final double mean = Arrays.stream(logs).average().orElseThrow();
        final double sd = Math.sqrt(Arrays.stream(logs).map(log -> (log - mean) * (log - mean)).sum()
                / (logs.length - 1));
        return Math.exp(mean + TDistribution.of(runs.size() - 1).inverseSurvivalProbability(Fence.DEFAULT_LEVEL)
                * Math.sqrt(1 + 1.0 / runs.size()) * sd);
    }

    /** Each benchmark's threshold as the results say, keyed like the baselines' timings. */
    private static Map<String, Integer> thresholds(List<Path> files) throws IOException {
        final Map<String, Integer> thresholds = new TreeMap<>();
        for (Path file : files) {
            for (JsonNode result : new ObjectMapper().readTree(file.toFile()).get("results")) {
                if (result.hasNonNull("thresholdPercent")) {
                    thresholds.put(key(result), result.get("thresholdPercent").asInt());
                }
            }
        }
        return thresholds;
    }

    private static String key(JsonNode result) {
        final String className = result.get("class").asText();
        return className.substring(className.lastIndexOf('.') + 1) + "." + result.get("key").asText();
    }

    private static double[] numbers(JsonNode array) {
        final double[] values = new double[array.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = array.get(i).asDouble();
        }
        return values;
    }

    /** The results files in the folder {@code -Ddbbench.eval.results} names, at any depth; none when unset. */
    private static List<Path> results() throws IOException {
        final String folder = System.getProperty("dbbench.eval.results", "");
        if (folder.isBlank()) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(Paths.get(folder))) {
            return files.filter(file -> file.getFileName().toString().endsWith(".json")).sorted().toList();
        }
    }
}
