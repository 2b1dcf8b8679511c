package dev.dbbench.evaluate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import dev.dbbench.baseline.BaselineEntry;
import dev.dbbench.baseline.BaselineFile;
import dev.dbbench.baseline.EntryChange;
import dev.dbbench.config.BaselineMode;
import dev.dbbench.engine.CommandProfile;
import dev.dbbench.env.HostFingerprint;
import dev.dbbench.env.MachineId;
import dev.dbbench.measure.Ruler;
import dev.dbbench.metric.Assessment;
import dev.dbbench.metric.Gating;
import dev.dbbench.metric.Judging;
import dev.dbbench.metric.Metric;
import dev.dbbench.metric.MetricResult;
import dev.dbbench.metric.MetricResults;
import dev.dbbench.metric.MetricValues;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.Timings;
import dev.dbbench.spec.BenchmarkId;
import dev.dbbench.spec.BenchmarkSpec;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.PlanExpectations;
import dev.dbbench.spec.ProviderKind;
import dev.dbbench.spec.Sampling;
import dev.dbbench.text.Figures;
import dev.dbbench.verdict.Fence;
import dev.dbbench.verdict.RecordedRun;

/**
 * Takes what one benchmark measured through the rest of the pipeline and assembles its one result:
 * each metric judged against the baseline entry, a suspected timing regression re-measured to
 * confirm it, every metric gated, the entry written when the recorder says so, its
 * {@code @ExpectFasterThan} expectations judged and, on the value that completes its parameter's
 * values, its {@code @ExpectScaling}. What is measured again is asked of the run through one
 * {@link Remeasurement}; confirmation measurements are only judged, never written.
 */
public final class Evaluator {

    /** The metrics judged (confirmed where a timing was suspect) and gated. */
    private record Judged(List<MetricResult<?, ?>> results, List<GatedMetric> gated) {
    }

    private final Gate gate;
    private final BaselineRecorder recorder;

    public Evaluator(Gate gate, BaselineRecorder recorder) {
        this.gate = gate;
        this.recorder = recorder;
    }

    /** The result of a benchmark without an {@code @ExpectScaling}. */
    public BenchmarkResult evaluate(BenchmarkSpec spec, EngineTarget target, Measurement measured,
            Optional<BaselineFile> baselineFile, Remeasurement remeasure) throws Throwable {
        return evaluate(spec, target, measured, baselineFile, remeasure, Optional.empty());
    }

    /**
     * The benchmark's result, assembled once.
     *
     * @param remeasure takes fresh samples to confirm a suspected regression, further runs when the
     *     recorder writes an entry of several, and the sides of an expectation again
     * @param series the values of the benchmark's {@code @ExpectScaling} parameter evaluated so far; empty
     *     for a benchmark without one
     */
    public BenchmarkResult evaluate(BenchmarkSpec spec, EngineTarget target, Measurement measured,
            Optional<BaselineFile> baselineFile, Remeasurement remeasure, Optional<ScalingSeries> series)
            throws Throwable {
        final BenchmarkId id = spec.id(target);
        final Optional<BaselineEntry> entry = baselineFile.map(file -> file.benchmarks().get(id.key()));
        final TimingAuthority authority = authority(target, measured, entry);
        final Judged judged = judge(id, spec, measured, entry, authority, remeasure);
        final List<Unmeasured> unmeasured = unmeasured(entry.map(BaselineEntry::metrics).orElse(MetricValues.empty()),
                measured);
        final EntryChange change = change(entry, spec, measured.values(), judged.results());
        final Optional<String> recordedRuns = recordIfWritten(id, spec, measured, remeasure, entry, change, unmeasured);
        final boolean written = recordedRuns.isPresent();
        final BenchmarkResult.Recording recording = new BenchmarkResult.Recording(gate.mode(), written,
                recorder.store().fileFor(id.className()), entry.map(BaselineEntry::recordedAt).orElse("-"));
        final String note = note(entry.isEmpty() ? UncomparedBaselines.note(baselineFile, id.method(), target) : "",
                updated(entry, written, change), recordedRuns.orElse(""),
                uncheckedExpectations(target, measured.values(), spec.planExpectations()));
        final List<ExpectationResult> expectations = new ExpectationEvaluator(gate, spec.rule().alpha())
                .evaluate(id, measured.expectations(), remeasure);
        final MetricResults kept = new MetricResults(judged.gated().stream()
                .<MetricResult<?, ?>>map(GatedMetric::result).toList());
        final Optional<ScalingResult> scaling = series.flatMap(values -> values.add(id, kept)
                .map(complete -> new ScalingEvaluator(gate).evaluate(values.atMost(), values.statementsAtMost(),
                        complete)));
        return new BenchmarkResult(id, judged.gated(), unmeasured, expectations, recording, spec.acceptCommand(),
                measured.environment(), note, scaling, authority);
    }

    /** Judges every measured metric, confirms a suspected timing regression, and gates each. */
    private Judged judge(BenchmarkId id, BenchmarkSpec spec, Measurement measured, Optional<BaselineEntry> entry,
            TimingAuthority authority, Remeasurement remeasure) throws Throwable {
        final boolean fromCi = entry.map(recorded -> "true".equals(recorded.environment().get(HostFingerprint.CI)))
                .orElse(false);
        final Judging judging = new Judging(EngineKind.ofLabel(id.target()), spec.rule(), spec.planExpectations(), spec.tolerances(),
                measured.environment(), entry.map(BaselineEntry::environment));
        final MetricValues baseline = entry.map(BaselineEntry::metrics).orElse(MetricValues.empty());
        List<MetricResult<?, ?>> results = new ArrayList<>();
        for (Metric<?, ?> metric : measured.values().metrics()) {
            results.add(judge(metric, measured.values(), baseline, judging));
        }
        // Work counts are taken once, untimed: a re-run that confirms a timing does not change them.
        final Gate benchmarkGate = authority.gates() ? gate
                : gate.reportingTimings(BenchmarkResult.workCounts(id, new MetricResults(results)).vouch());
        if (results.stream().anyMatch(result -> result.metric().gating() == Gating.TIMING
                && benchmarkGate.confirms(result.assessment().verdict(), fromCi))) {
            results = confirm(results, remeasure.confirmation(), judging);
        }
        final List<GatedMetric> gated = new ArrayList<>();
        for (MetricResult<?, ?> result : results) {
            final MetricResult<?, ?> kept = gate.mode() == BaselineMode.UPDATE ? accepted(result) : result;
            gated.add(new GatedMetric(kept, benchmarkGate.decide(kept, fromCi)));
        }
        return new Judged(results, gated);
    }

    /**
     * Whether the benchmark's timings may fail the build here: an emulator's never do, since they
     * measure the emulator inside this JVM; a baseline's do where its runs were recorded on this
     * machine ({@link TimingAuthority}).
     */
    private static TimingAuthority authority(EngineTarget target, Measurement measured,
            Optional<BaselineEntry> entry) {
        if (target.provider() == ProviderKind.EMULATED) {
            return TimingAuthority.emulated(target.kind().label());
        }
        if (entry.isEmpty()) {
            return TimingAuthority.noBaseline();
        }
        // This run's one recorded run carries the machine it was taken on and what its JVM ran before.
        final Optional<RecordedRun> thisRun = measured.values().get(Metrics.TIME).orElseThrow().runs().stream()
                .findFirst();
        final MachineId here = thisRun.map(run -> new MachineId(run.machine())).orElse(MachineId.UNKNOWN);
        return TimingAuthority.of(entry.get().metrics().get(Metrics.TIME).orElseThrow().runs(), here,
                thisRun.map(RecordedRun::layout).orElse(""));
    }

    /**
     * Writes the benchmark's entry when the recorder says so and the entry would lose nothing it held;
     * otherwise notes an entry the update kept.
     *
     * @return what the recorded runs tell (empty text for a single run), or empty when nothing was written
     */
    private Optional<String> recordIfWritten(BenchmarkId id, BenchmarkSpec spec, Measurement measured,
            Remeasurement remeasure, Optional<BaselineEntry> entry, EntryChange change, List<Unmeasured> unmeasured)
            throws Throwable {
        // A baseline rewritten without a metric it held would lose that metric's figures, unless switched off.
        if (recorder.writes(entry, change) && unmeasured.stream().noneMatch(missing -> missing.decision().fails())) {
            return Optional.of(record(id, spec, measured, remeasure, change));
        }
        if (!change.moved()) {
            recorder.kept(id, change);
        }
        return Optional.empty();
    }

    /** What moved from the benchmark's entry to this measurement, judged before the update accepted anything. */
    private EntryChange change(Optional<BaselineEntry> entry, BenchmarkSpec spec, MetricValues measured,
            List<MetricResult<?, ?>> judged) {
        return entry.map(found -> EntryChange.between(found, measured, judged,
                spec.sampling().opsPerSample() != Sampling.CALIBRATE, recorder.runs())).orElseGet(EntryChange::added);
    }

    /** What the update did to an existing entry, for the result's note. */
    private String updated(Optional<BaselineEntry> entry, boolean written, EntryChange change) {
        if (gate.mode() != BaselineMode.UPDATE || entry.isEmpty()) {
            return "";
        }
        return written ? "baseline entry rewritten: " + change.describe()
                : change.moved() ? "" : "baseline entry kept: " + change.describe();
    }

    /** The parts of a result's note that have something to say, joined. */
    private static String note(String... parts) {
        return String.join("; ", Stream.of(parts).filter(part -> !part.isEmpty()).toList());
    }

    /** The metrics the baseline holds that this run could not measure, each with why and what that does. */
    private List<Unmeasured> unmeasured(MetricValues baseline, Measurement measured) {
        final List<Unmeasured> unmeasured = new ArrayList<>();
        for (Metric<?, ?> metric : baseline.metrics()) {
            final String reason = measured.unmeasured().get(metric.id());
            final String switchedOff = measured.switchedOff().get(metric.id());
            if (measured.values().get(metric).isPresent()) {
                continue;
            }
            if (reason != null) {
                unmeasured.add(new Unmeasured(metric.id(), reason, gate.decideUnmeasured()));
            } else if (switchedOff != null) {
                unmeasured.add(new Unmeasured(metric.id(), switchedOff, gate.decideSwitchedOff(), true));
            }
        }
        return unmeasured;
    }

    /**
     * Writes the benchmark's entry: the measured run with {@code recorder.runs() - 1} more, pooled as
     * each metric pools its runs (timings keep every run; others keep the first run's values).
     *
     * @return what the recorded runs tell, for the result's note; empty for a single run
     */
    private String record(BenchmarkId id, BenchmarkSpec spec, Measurement measured, Remeasurement remeasure,
            EntryChange change) throws Throwable {
        if (recorder.runs() == 1) {
            recorder.record(id, measured.values(), measured.environment(), change);
            return "";
        }
        final List<MetricValues> runs = new ArrayList<>(List.of(measured.values()));
        while (runs.size() < recorder.runs()) {
            runs.add(remeasure.anotherRun());
        }
        final MetricValues pooled = MetricValues.pooled(runs);
        recorder.record(id, pooled, measured.environment(), change);
        return recordedRuns(pooled.get(Metrics.TIME).orElseThrow(), spec);
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

    /** Why the method's plan expectations, or some of them, could not be checked on this target; empty when they were. */
    private static String uncheckedExpectations(EngineTarget target, MetricValues values, PlanExpectations declared) {
        if (!declared.declared()) {
            return "";
        }
        if (target.kind() == EngineKind.POSTGRES) {
            return values.get(Metrics.PLANS).isPresent() ? "" : "plan expectations (@UsesIndex, @NoSeqScan,"
                    + " @MaxStatements) not checked: the body takes no Connection or DataSource to capture statements from";
        }
        final Optional<CommandProfile> profile = values.get(Metrics.COMMAND_PLANS);
        if (profile.isEmpty()) {
            return "plan expectations (@UsesIndex, @NoSeqScan, @MaxStatements) not checked: no command of the call"
                    + " reached the class's database";
        }
        final boolean planned = !declared.usesIndexes().isEmpty() || declared.noSeqScanAtAll()
                || !declared.noSeqScanOn().isEmpty();
        return profile.get().profiled() || !planned ? "" : "@UsesIndex and @NoSeqScan not checked on [" + target.label()
                + "]: the emulator has no profiler and no plans (@MaxStatements is checked, on the commands sent); run"
                + " the class on a real server to check them (dbbench.provider=containers, or external)";
    }
}
