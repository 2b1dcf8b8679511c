package dev.dbbench.evaluate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import dev.dbbench.baseline.BaselineEntry;
import dev.dbbench.baseline.BaselineFile;
import dev.dbbench.config.BaselineMode;
import dev.dbbench.env.HostFingerprint;
import dev.dbbench.metric.Assessment;
import dev.dbbench.metric.Gating;
import dev.dbbench.metric.Judging;
import dev.dbbench.metric.Metric;
import dev.dbbench.metric.MetricResult;
import dev.dbbench.metric.MetricValues;
import dev.dbbench.measure.Ruler;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.Timings;
import dev.dbbench.spec.BenchmarkId;
import dev.dbbench.spec.BenchmarkSpec;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderKind;
import dev.dbbench.text.Figures;
import dev.dbbench.verdict.Fence;
import dev.dbbench.verdict.Verdict;

/**
 * Takes what one benchmark measured through the rest of the pipeline: each metric judged against
 * the baseline entry, a suspected timing regression re-measured to confirm it, every metric gated,
 * and the entry written when the recorder says so. Confirmation measurements are only judged,
 * never written.
 */
public final class Evaluator {

    /** Takes fresh samples of the same benchmark: the values of the metrics sampling measures. */
    @FunctionalInterface
    public interface Rerun {
        MetricValues measure() throws Throwable;
    }

    private final Gate gate;
    private final BaselineRecorder recorder;

    public Evaluator(Gate gate, BaselineRecorder recorder) {
        this.gate = gate;
        this.recorder = recorder;
    }

    public BenchmarkResult evaluate(BenchmarkSpec spec, EngineTarget target, Measurement measured,
            Optional<BaselineFile> baselineFile, Rerun rerun) throws Throwable {
        return evaluate(spec, target, measured, baselineFile, rerun, () -> {
            throw new IllegalStateException("no further runs can be taken here");
        });
    }

    /**
     * @param rerun takes fresh samples to confirm a suspected regression
     * @param anotherRun takes one more independent run of the benchmark, when the recorder writes
     *     an entry of several runs
     */
    public BenchmarkResult evaluate(BenchmarkSpec spec, EngineTarget target, Measurement measured,
            Optional<BaselineFile> baselineFile, Rerun rerun, Rerun anotherRun) throws Throwable {
        final BenchmarkId id = spec.id(target);
        final Optional<BaselineEntry> entry = baselineFile.map(file -> file.benchmarks().get(id.key()));
        final boolean fromCi = entry.map(recorded -> "true".equals(recorded.environment().get(HostFingerprint.CI)))
                .orElse(false);
        // An emulator's timings measure the emulator inside this JVM, not the database: they warn, never fail.
        final boolean emulated = target.provider() == ProviderKind.EMULATED;
        final Optional<String> otherMachine = entry.flatMap(recorded -> OtherMachine.why(recorded,
                measured.environment()));
        final Gate benchmarkGate = emulated ? gate.warningOnly()
                : otherMachine.isPresent() ? gate.warningByDefault() : gate;
        final Judging judging = new Judging(spec.rule(), spec.planExpectations(), measured.environment(),
                entry.map(BaselineEntry::environment));
        final MetricValues baseline = entry.map(BaselineEntry::metrics).orElse(MetricValues.empty());

        List<MetricResult<?, ?>> results = new ArrayList<>();
        for (Metric<?, ?> metric : measured.values().metrics()) {
            results.add(judge(metric, measured.values(), baseline, judging));
        }
        if (results.stream().anyMatch(result -> result.metric().gating() == Gating.TIMING
                && benchmarkGate.confirms(result.assessment().verdict(), fromCi))) {
            results = confirm(results, rerun.measure(), judging);
        }
        final List<GatedMetric> gated = new ArrayList<>();
        for (MetricResult<?, ?> result : results) {
            final MetricResult<?, ?> kept = gate.mode() == BaselineMode.UPDATE ? accepted(result) : result;
            gated.add(new GatedMetric(kept, benchmarkGate.decide(kept, fromCi)));
        }
        final boolean written = recorder.writes(entry.isPresent());
        final String recordedRuns = written ? record(id, spec, measured, anotherRun) : "";
        final BenchmarkResult.Recording recording = new BenchmarkResult.Recording(gate.mode(), written,
                recorder.store().fileFor(id.className()), entry.map(BaselineEntry::recordedAt).orElse("-"));
        final Verdict timeVerdict = gated.get(0).result().assessment().verdict();
        final String note = String.join("; ", Stream.of(
                entry.isEmpty() ? UncomparedBaselines.note(baselineFile, id.method(), target) : "",
                emulated && timeVerdict == Verdict.REGRESSION
                        ? "emulated " + target.kind().label() + ": timings of the emulator warn and never fail" : "",
                !emulated && timeVerdict == Verdict.REGRESSION ? otherMachine.orElse("") : "",
                recordedRuns,
                measured.values().get(Metrics.PLANS).isEmpty() && spec.planExpectations().declared()
                        ? uncheckedExpectations(target) : "")
                .filter(part -> !part.isEmpty()).toList());
        return new BenchmarkResult(id, gated, List.of(), recording, spec.acceptCommand(), measured.environment(), note);
    }

    /**
     * Writes the benchmark's entry: the measured run with {@code recorder.runs() - 1} more, their
     * timings pooled (other metrics keep the first run's values).
     *
     * @return what the recorded runs tell, for the result's note; empty for a single run
     */
    private String record(BenchmarkId id, BenchmarkSpec spec, Measurement measured, Rerun anotherRun)
            throws Throwable {
        if (recorder.runs() == 1) {
            recorder.record(id, measured.values(), measured.environment());
            return "";
        }
        final List<Timings> runs = new ArrayList<>(List.of(measured.values().get(Metrics.TIME).orElseThrow()));
        while (runs.size() < recorder.runs()) {
            runs.add(anotherRun.measure().get(Metrics.TIME).orElseThrow());
        }
        final Timings pooled = Timings.pooled(runs);
        recorder.record(id, measured.values().with(Metrics.TIME, pooled), measured.environment());
        return recordedRuns(pooled, spec);
    }

    /** What the recorded runs tell about the benchmark's spread and what the gate will catch. */
    private static String recordedRuns(Timings pooled, BenchmarkSpec spec) {
        final Fence fence = Fence.of(pooled.runs(), pooled.summary().median(),
                pooled.ruler().getOrDefault(Ruler.SLICES, Double.NaN), spec.rule().normalize(), Fence.DEFAULT_LEVEL);
        final double catches = Math.max(1 + spec.rule().thresholdPercent() / 100.0, fence.upper());
        return "recorded " + fence.describe() + ": the timing gate catches >= " + Figures.ratio(catches);
    }

    private static <V> MetricResult<?, ?> judge(Metric<V, ?> metric, MetricValues current, MetricValues baseline,
            Judging judging) {
        return MetricResult.judge(metric, current.get(metric).orElseThrow(), baseline.get(metric), judging);
    }

    /**
     * The results with the re-measured values: a timing metric's first pass combined with its re-run,
     * any other re-measured metric (server CPU) judged afresh, so the result reports the pass its
     * final verdict rests on.
     */
    private static List<MetricResult<?, ?>> confirm(List<MetricResult<?, ?>> results, MetricValues rerun,
            Judging judging) {
        final List<MetricResult<?, ?>> confirmed = new ArrayList<>();
        for (MetricResult<?, ?> result : results) {
            confirmed.add(rerun.get(result.metric()).isPresent() ? remeasured(result, rerun, judging) : result);
        }
        return confirmed;
    }

    private static <V, A extends Assessment> MetricResult<V, A> remeasured(
            MetricResult<V, A> result, MetricValues rerun, Judging judging) {
        final V value = rerun.get(result.metric()).orElseThrow();
        return result.metric().gating() == Gating.TIMING
                ? result.confirmedBy(value, judging)
                : result.remeasured(value, judging);
    }

    private static <V, A extends Assessment> MetricResult<V, A> accepted(MetricResult<V, A> result) {
        return new MetricResult<>(result.metric(), result.current(), result.baseline(),
                result.metric().accepted(result.assessment()));
    }

    /** Why the method's plan expectations could not be checked on this target. */
    private static String uncheckedExpectations(EngineTarget target) {
        return "plan expectations (@UsesIndex, @NoSeqScan, @MaxStatements) not checked: "
                + (target.kind() == EngineKind.POSTGRES
                        ? "the body takes no Connection or DataSource to capture statements from"
                        : target.kind().label() + " plans are not captured by this version of dbbench");
    }
}
