package dev.dbbench.metric;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.measure.Ruler;
import dev.dbbench.measure.Samples;
import dev.dbbench.stats.Summary;
import dev.dbbench.verdict.RecordedRun;

/**
 * The wall time of a benchmark's timed samples, per operation, with how they were taken, the
 * machine-speed ruler reading of their run and, for a baseline, the summary of each independent run
 * its samples were pooled from.
 *
 * @param nanosPerOp one figure per timed sample, in nanoseconds per call of the body; the samples of
 *     every run, one run after another
 * @param ruler the run's ruler reading, with the median of the slices timed between these samples
 *     (for pooled runs, the median of each reading over the runs)
 * @param runs one summary per run the samples came from, in order; empty for timings recorded before
 *     dbbench kept runs apart, which count as one run
 */
public record Timings(int warmups, int opsPerSample, double[] nanosPerOp, SortedMap<String, Double> ruler,
        List<RecordedRun> runs) {

    public Timings {
        nanosPerOp = nanosPerOp.clone();
        ruler = Collections.unmodifiableSortedMap(new TreeMap<>(ruler));
        runs = List.copyOf(runs);
        final int pooled = runs.stream().mapToInt(RecordedRun::n).sum();
        if (!runs.isEmpty() && pooled != nanosPerOp.length) {
            throw new IllegalArgumentException("the runs hold " + pooled + " samples but there are "
                    + nanosPerOp.length);
        }
    }

    /** Timings of one run whose summary is not kept apart, as baselines before runs were recorded. */
    public Timings(int warmups, int opsPerSample, double[] nanosPerOp, SortedMap<String, Double> ruler) {
        this(warmups, opsPerSample, nanosPerOp, ruler, List.of());
    }

    /**
     * The timings of one run's samples, taken on a server whose run-wide ruler read {@code reading}.
     *
     * @param machine the host's opaque identifier, {@code cpu} its CPU model and count
     * @param layout what ran before the benchmark's class in its test JVM ({@link RecordedRun#layout})
     */
    public static Timings of(Samples samples, SortedMap<String, Double> reading, Instant at, String machine,
            String cpu, String layout) {
        final SortedMap<String, Double> ruler = Ruler.withSlices(reading, samples);
        final RecordedRun run = new RecordedRun(Summary.of(samples.nanosPerOp()).median(),
                samples.nanosPerOp().length, ruler.getOrDefault(Ruler.SLICES, Double.NaN),
                at.truncatedTo(ChronoUnit.SECONDS).toString(), machine, cpu, layout);
        return new Timings(samples.warmups(), samples.opsPerSample(), samples.nanosPerOp(), ruler, List.of(run));
    }

    /**
     * The timings of another figure of the same samples, one value per sample (such as each sample's
     * p99 latency): this sampling and ruler, and this run summarized by the figure's median.
     *
     * @throws IllegalStateException for timings of other than one run, such as pooled ones
     */
    public Timings sameRun(double[] figure) {
        if (runs.size() != 1) {
            throw new IllegalStateException("only the timings of one run have a figure of the same samples");
        }
        final RecordedRun run = runs.get(0);
        return new Timings(warmups, opsPerSample, figure, ruler, List.of(new RecordedRun(Summary.of(figure).median(),
                figure.length, run.slices(), run.recordedAt(), run.machine(), run.cpu(), run.layout())));
    }

    /**
     * Several runs of one benchmark as one value: their samples and runs one after another, each
     * ruler reading the median of the runs' readings, the sampling of the first. Timings without
     * runs of their own count as one run, summarized from their samples.
     */
    public static Timings pooled(List<Timings> timings) {
        if (timings.isEmpty()) {
            throw new IllegalArgumentException("nothing to pool");
        }
        final List<RecordedRun> runs = new ArrayList<>();
        double[] samples = new double[0];
        final SortedMap<String, List<Double>> readings = new TreeMap<>();
        for (Timings one : timings) {
            runs.addAll(one.runsOrWhole());
            final int before = samples.length;
            samples = Arrays.copyOf(samples, before + one.nanosPerOp.length);
            System.arraycopy(one.nanosPerOp, 0, samples, before, one.nanosPerOp.length);
            one.ruler.forEach((key, nanos) -> readings.computeIfAbsent(key, ignored -> new ArrayList<>()).add(nanos));
        }
        final SortedMap<String, Double> ruler = new TreeMap<>();
        readings.forEach((key, values) -> ruler.put(key,
                Summary.of(values.stream().mapToDouble(Double::doubleValue).toArray()).median()));
        final Timings first = timings.get(0);
        return new Timings(first.warmups, first.opsPerSample, samples, ruler, runs);
    }

    /** The runs, or for timings that kept none, the whole as one run of unknown time and machine. */
    private List<RecordedRun> runsOrWhole() {
        return runs.isEmpty()
                ? List.of(new RecordedRun(summary().median(), nanosPerOp.length,
                        ruler.getOrDefault(Ruler.SLICES, Double.NaN), "-", "-", "-"))
                : runs;
    }

    /** How many independent runs the samples come from; timings that kept none count as one. */
    public int runCount() {
        return Math.max(1, runs.size());
    }

    @Override
    public double[] nanosPerOp() {
        return nanosPerOp.clone();
    }

    public Summary summary() {
        return Summary.of(nanosPerOp);
    }

    // A record compares array components by reference; timings are values, so compare contents.
    @Override
    public boolean equals(Object other) {
        return other instanceof Timings that && warmups == that.warmups && opsPerSample == that.opsPerSample
                && Arrays.equals(nanosPerOp, that.nanosPerOp) && ruler.equals(that.ruler) && runs.equals(that.runs);
    }

    @Override
    public int hashCode() {
        return Objects.hash(warmups, opsPerSample, Arrays.hashCode(nanosPerOp), ruler, runs);
    }

    @Override
    public String toString() {
        return "Timings[" + Arrays.toString(nanosPerOp) + " ns/op, " + opsPerSample + " ops per sample, " + warmups
                + " warm-ups, ruler " + ruler + (runs.isEmpty() ? "" : ", runs " + runs) + "]";
    }
}
