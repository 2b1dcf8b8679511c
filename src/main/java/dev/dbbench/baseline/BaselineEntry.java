package dev.dbbench.baseline;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.dbbench.plan.RelationSize;
import dev.dbbench.plan.StatementPlan;
import dev.dbbench.stats.Summary;

/**
 * One benchmark's recorded result on one engine target: summary, raw samples and the environment they
 * were measured in. Times are in nanoseconds per operation.
 *
 * @param recordedAt ISO-8601 instant of the run that recorded it
 * @param serverCpu the server CPU time of each sample per operation; empty where it was not measured
 * @param plans what PostgreSQL did for each statement of one call (empty for other engines)
 * @param storage sizes of the relations those statements touched, after the call
 * @param ruler the run's machine-speed ruler readings, median nanoseconds per workload
 */
@JsonPropertyOrder({"method", "target", "recordedAt", "unit", "sampling", "summary", "samples", "serverCpu", "plans",
    "storage", "ruler", "environment"})
public record BaselineEntry(
        String method,
        String target,
        String recordedAt,
        String unit,
        Sampling sampling,
        Summary summary,
        double[] samples,
        double[] serverCpu,
        List<StatementPlan> plans,
        List<RelationSize> storage,
        SortedMap<String, Double> ruler,
        SortedMap<String, String> environment) {

    /** The only time unit stored. */
    public static final String UNIT = "ns/op";

    public BaselineEntry {
        samples = samples.clone();
        serverCpu = serverCpu.clone();
        plans = List.copyOf(plans);
        storage = List.copyOf(storage);
        ruler = Collections.unmodifiableSortedMap(new TreeMap<>(ruler));
        environment = Collections.unmodifiableSortedMap(new TreeMap<>(environment));
    }

    /**
     * An entry for a run that just finished, without server CPU or storage figures; times are rounded to a tenth of a nanosecond, below any
     * timer's resolution, so files do not carry meaningless digits.
     */
    public static BaselineEntry of(String method, String target, Instant recordedAt, Sampling sampling,
            Summary summary, double[] samples, List<StatementPlan> plans, SortedMap<String, Double> ruler,
            SortedMap<String, String> environment) {
        final Summary rounded = new Summary(summary.n(), round(summary.min()), round(summary.median()),
                round(summary.p90()), round(summary.p99()), round(summary.max()), round(summary.mean()),
                round(summary.stdev()), round(summary.mad()));
        return new BaselineEntry(method, target, recordedAt.truncatedTo(ChronoUnit.SECONDS).toString(), UNIT, sampling,
                rounded, rounded(samples), new double[0], plans, List.of(), roundedRuler(ruler), environment);
    }

    /** This entry with the server CPU time of each sample, rounded like the samples. */
    public BaselineEntry withServerCpu(double[] nanosPerOp) {
        return new BaselineEntry(method, target, recordedAt, unit, sampling, summary, samples, rounded(nanosPerOp),
                plans, storage, ruler, environment);
    }

    /** This entry with the sizes of the relations its statements touched. */
    public BaselineEntry withStorage(List<RelationSize> sizes) {
        return new BaselineEntry(method, target, recordedAt, unit, sampling, summary, samples, serverCpu, plans, sizes,
                ruler, environment);
    }

    private static double[] rounded(double[] nanos) {
        final double[] result = new double[nanos.length];
        for (int i = 0; i < nanos.length; i++) {
            result[i] = round(nanos[i]);
        }
        return result;
    }

    private static SortedMap<String, Double> roundedRuler(SortedMap<String, Double> ruler) {
        final SortedMap<String, Double> rounded = new TreeMap<>();
        ruler.forEach((key, nanos) -> rounded.put(key, (double) Math.round(nanos)));
        return rounded;
    }

    private static double round(double nanos) {
        return Math.round(nanos * 10) / 10.0;
    }

    @Override
    public double[] samples() {
        return samples.clone();
    }

    @Override
    public double[] serverCpu() {
        return serverCpu.clone();
    }

    // A record compares array components by reference; entries are values, so compare contents.
    @Override
    public boolean equals(Object other) {
        return other instanceof BaselineEntry entry
                && method.equals(entry.method) && target.equals(entry.target) && recordedAt.equals(entry.recordedAt)
                && unit.equals(entry.unit) && sampling.equals(entry.sampling) && summary.equals(entry.summary)
                && Arrays.equals(samples, entry.samples) && Arrays.equals(serverCpu, entry.serverCpu)
                && plans.equals(entry.plans) && storage.equals(entry.storage) && ruler.equals(entry.ruler)
                && environment.equals(entry.environment);
    }

    @Override
    public int hashCode() {
        return Objects.hash(method, target, recordedAt, unit, sampling, summary, Arrays.hashCode(samples),
                Arrays.hashCode(serverCpu), plans, storage, ruler, environment);
    }

    @Override
    public String toString() {
        return "BaselineEntry[" + method + " [" + target + "] recorded " + recordedAt + ", " + summary + ", samples "
                + Arrays.toString(samples) + "]";
    }

    /** How the samples were taken. */
    @JsonPropertyOrder({"warmups", "samples", "opsPerSample"})
    public record Sampling(int warmups, int samples, int opsPerSample) {
    }
}
