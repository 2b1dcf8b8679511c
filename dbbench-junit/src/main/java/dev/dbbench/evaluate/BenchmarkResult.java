package dev.dbbench.evaluate;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.config.BaselineMode;
import dev.dbbench.metric.MetricResult;
import dev.dbbench.metric.MetricResults;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.Subject;
import dev.dbbench.metric.TimeAssessment;
import dev.dbbench.metric.Timings;
import dev.dbbench.metric.WorkCounts;
import dev.dbbench.spec.BenchmarkId;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.verdict.Verdict;

/**
 * Everything known about one benchmark on one engine target after it ran: which benchmark, each
 * metric judged and gated, its relative expectations, and what happened to its baseline entry.
 *
 * @param metrics every metric the benchmark measured, in {@link Metrics#ALL} order; wall time always
 * @param unmeasured metrics the baseline holds that this run could not measure
 * @param note why the verdict is what it is beyond the numbers, such as why a baseline on another
 *     target was not compared; empty when there is nothing to say
 * @param scaling the benchmark's {@code @ExpectScaling} across every value of its parameter, carried by
 *     the result of the value that completed them
 * @param timing whether its timings may fail the build on this machine, and why
 */
public record BenchmarkResult(BenchmarkId id, List<GatedMetric> metrics, List<Unmeasured> unmeasured,
        List<ExpectationResult> expectations, Recording recording, String acceptCommand,
        SortedMap<String, String> environment, String note, Optional<ScalingResult> scaling,
        TimingAuthority timing) {

    /**
     * What happened to the benchmark's baseline entry.
     *
     * @param written whether this run's result was written as the entry
     * @param baselineRecordedAt when the entry compared against was recorded, or {@code -}
     */
    public record Recording(BaselineMode mode, boolean written, Path baselineFile, String baselineRecordedAt) {
    }

    public BenchmarkResult {
        metrics = List.copyOf(metrics);
        unmeasured = List.copyOf(unmeasured);
        expectations = List.copyOf(expectations);
        environment = Collections.unmodifiableSortedMap(new TreeMap<>(environment));
        if (metrics.stream().noneMatch(gated -> gated.result().metric() == Metrics.TIME)) {
            throw new IllegalArgumentException("a benchmark result always has its wall time");
        }
    }

    /** The metric results, for the metrics' own rendering. */
    public MetricResults results() {
        return new MetricResults(metrics.stream().<MetricResult<?, ?>>map(GatedMetric::result).toList());
    }

    /** The wall time, the headline of every benchmark. */
    public MetricResult<Timings, TimeAssessment> time() {
        return results().get(Metrics.TIME).orElseThrow();
    }

    /** The wall time's gate decision. */
    public Decision timeDecision() {
        return metrics.stream().filter(gated -> gated.result().metric() == Metrics.TIME).findFirst().orElseThrow()
                .decision();
    }

    /** The headline verdict: the wall time's. */
    public Verdict verdict() {
        return time().assessment().verdict();
    }

    /** The gated result of one metric, when the benchmark measured it. */
    public Optional<GatedMetric> metric(String id) {
        return metrics.stream().filter(gated -> gated.result().metric().id().equals(id)).findFirst();
    }

    /** Whether anything about the benchmark fails the test. */
    public boolean fails() {
        return metrics.stream().anyMatch(gated -> gated.decision().fails())
                || unmeasured.stream().anyMatch(missing -> missing.decision().fails())
                || expectations.stream().anyMatch(ExpectationResult::fails)
                || scaling.filter(ScalingResult::fails).isPresent();
    }

    /** What the benchmark's work counts say beside its timings. */
    public WorkCounts workCounts() {
        return workCounts(id, results());
    }

    /** What these judged metrics of a benchmark say about its work. */
    static WorkCounts workCounts(BenchmarkId id, MetricResults results) {
        return WorkCounts.of(results, EngineKind.ofLabel(id.target()) == EngineKind.MONGODB ? "commands"
                : "statements");
    }

    /** What a metric's message says about the benchmark, with that metric's decision. */
    public Subject subject(Decision decision) {
        return new Subject(id, recording.baselineFile(), recording.baselineRecordedAt(), acceptCommand,
                decision.fails(), decision.informs(), note, timing.sentence(), workCounts(), compareCommand());
    }

    /**
     * The Maven goal that runs base and head alternately on this runner, each in a fresh JVM and server,
     * for one benchmark: the comparison that settles whether a timing change is the code's.
     */
    public String compareCommand() {
        return "mvn dbbench:compare -Ddbbench.compare.benchmarks='"
                + id.simpleClassName() + "#" + id.method() + "'";
    }
}
