package dev.dbbench.metric;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.stats.Comparison;
import dev.dbbench.stats.Summary;
import dev.dbbench.text.Figures;
import dev.dbbench.verdict.EnvironmentChange;
import dev.dbbench.verdict.Fence;
import dev.dbbench.verdict.Judge;
import dev.dbbench.verdict.Judgement;
import dev.dbbench.verdict.Verdict;

/**
 * Wall time per operation: the headline metric of every benchmark, judged statistically against the
 * baseline's samples (see {@link Judge}), gated by {@code dbbench.gate.time}.
 *
 * <p>Stored as {@code "time": {unit, sampling, summary, samples, ruler, runs}} (see {@link TimingsJson});
 * {@code runs} holds one summary per independent run the pooled samples came from ({@code median},
 * {@code n}, {@code slices} where the engine has a ruler, {@code recordedAt}, {@code machine},
 * {@code cpu}); entries written before runs were kept have none and are single-run baselines.
 */
public final class WallTime implements Metric<Timings, TimeAssessment> {

    /** The unit wall time is stored and reported in. */
    public static final String UNIT = "ns/op";

    /** The most samples an entry may hold: as many as a benchmark may take. */
    public static final int MAX_SAMPLES = ConfigKeys.MAX_SAMPLES;

    WallTime() {
    }

    @Override
    public String id() {
        return "time";
    }

    @Override
    public Gating gating() {
        return Gating.TIMING;
    }

    @Override
    public JsonNode write(Timings value) {
        return TimingsJson.write(value, TimingsJson.Unit.NANOS_PER_OP);
    }

    @Override
    public Timings read(JsonNode json) {
        return TimingsJson.read(json, TimingsJson.Unit.NANOS_PER_OP);
    }

    @Override
    public TimeAssessment assess(Timings current, Optional<Timings> baseline, Judging context) {
        return new TimeAssessment(new Judge(context.rule()).judge(current.nanosPerOp(), context.environment(),
                current.ruler(), baseline.map(recorded -> new Judge.Recorded(recorded.summary(),
                        recorded.nanosPerOp(), context.baselineEnvironment().orElse(new TreeMap<>()),
                        recorded.ruler(), recorded.runs()))));
    }

    @Override
    public TimeAssessment confirm(TimeAssessment first, TimeAssessment rerun) {
        return new TimeAssessment(Judge.confirm(first.judgement(), rerun.judgement()));
    }

    /** The runs' samples one after another, each run kept apart for the fence. */
    @Override
    public Timings pooled(List<Timings> runs) {
        return Timings.pooled(runs);
    }

    @Override
    public List<String> columns() {
        return List.of("median", "baseline", "ratio", "interval", "p", "cv", "runs", "detects");
    }

    @Override
    public List<String> cells(MetricResult<Timings, TimeAssessment> result, MetricResults all) {
        final Judgement judgement = result.assessment().judgement();
        return List.of(
                Figures.duration(judgement.current().median()),
                judgement.baseline().map(summary -> Figures.duration(summary.median())).orElse("-"),
                Figures.ratio(judgement.ratio()),
                judgement.comparison().map(c -> Figures.ratio(c.ratioLow()) + "-" + Figures.ratio(c.ratioHigh()))
                        .orElse("-"),
                judgement.comparison().map(c -> Figures.pValue(c.pSlower())).orElse("-"),
                Figures.percent(judgement.current().cv()),
                runs(result),
                Figures.ratio(judgement.minimumDetectableRatio()));
    }

    /** The baseline's recorded runs and their spread, such as {@code 5 ±9.1%}; {@code 1} for a single run. */
    private static String runs(MetricResult<Timings, TimeAssessment> result) {
        final Fence fence = result.assessment().judgement().fence();
        if (result.baseline().isEmpty()) {
            return "-";
        }
        return fence.applies() ? fence.runs() + " ±" + Figures.percent(fence.spread()) : "1";
    }

    @Override
    public Optional<String> summary(MetricResult<Timings, TimeAssessment> result, MetricResults all) {
        final List<String> cells = cells(result, all);
        return Optional.of("median " + cells.get(0) + ", baseline " + cells.get(1) + ", ratio " + cells.get(2)
                + " (interval " + cells.get(3) + ", p " + cells.get(4) + ", cv " + cells.get(5) + ")");
    }

    @Override
    public Optional<MetricMessage> message(MetricResult<Timings, TimeAssessment> result, MetricResults all,
            Subject subject) {
        final Judgement judgement = result.assessment().judgement();
        return Optional.of(judgement.verdict() == Verdict.NEW
                ? missingBaseline(judgement, subject)
                : finding(result, all, subject));
    }

    private static MetricMessage missingBaseline(Judgement judgement, Subject subject) {
        final MetricMessage message = new MetricMessage(subject.id().qualifiedName() + " has no baseline in "
                + subject.baselineFile() + ", and " + ConfigKeys.BASELINE_MISSING
                + "=fail (the default when CI=true).");
        message.line("measured", "median " + Figures.duration(judgement.current().median()) + ", p90 "
                + Figures.duration(judgement.current().p90()));
        if (!subject.note().isEmpty()) {
            message.line("note", subject.note());
        }
        return message.closing(MetricMessage.Closing.RECORD_AND_COMMIT);
    }

    private static MetricMessage finding(MetricResult<Timings, TimeAssessment> result, MetricResults all,
            Subject subject) {
        final Judgement judgement = result.assessment().judgement();
        final Summary baseline = judgement.baseline().orElseThrow();
        final Summary current = judgement.current();
        final Comparison comparison = judgement.comparison().orElseThrow();
        final MetricMessage message = new MetricMessage(judgement.verdict() + " in " + subject.id().qualifiedName()
                + ": median " + Figures.ratio(judgement.ratio()) + " the baseline's, threshold +"
                + Figures.percentage(judgement.thresholdPercent()) + subject.outcome());
        message.line("why", judgement.reason());
        timingLines(message, judgement, subject);
        message.line("median", Figures.duration(baseline.median()) + " -> " + Figures.duration(current.median())
                + "  (" + Figures.ratio(comparison.ratio()) + ", " + Figures.percent(comparison.confidence())
                + " interval " + Figures.ratio(comparison.ratioLow()) + " to " + Figures.ratio(comparison.ratioHigh())
                + ", p = " + Figures.pValue(comparison.pSlower()) + ")");
        message.line("p90", Figures.duration(baseline.p90()) + " -> " + Figures.duration(current.p90()));
        judgement.firstPass().ifPresent(first -> message.line("first pass", "median "
                + Figures.duration(first.current().median()) + " (" + Figures.ratio(first.ratio()) + ", p = "
                + first.comparison().map(c -> Figures.pValue(c.pSlower())).orElse("-") + "): " + first.verdict()));
        message.line("noise", "MAD " + Figures.duration(baseline.mad()) + " -> " + Figures.duration(current.mad())
                + ", CV " + Figures.percent(baseline.cv()) + " -> " + Figures.percent(current.cv())
                + "; smallest detectable slowdown " + Figures.ratio(judgement.minimumDetectableRatio()));
        final Fence fence = judgement.fence();
        message.line("runs", fence.applies()
                ? "baseline of " + fence.describe() + ": the gate catches >= " + Figures.ratio(Math.max(fence.upper(),
                        1 + judgement.thresholdPercent() / 100.0))
                : "single-run baseline: judged by its samples alone; record several runs with -D"
                        + ConfigKeys.BASELINE_RUNS + "=N for a fence from their spread");
        for (MetricResult<?, ?> other : all.all()) {
            other.context(all).ifPresent(line -> message.line(line.label(), line.value()));
        }
        message.line("machine", Double.isNaN(judgement.rulerRatio())
                ? "no ruler reading to compare"
                : "speed ruler " + Figures.ratio(judgement.rulerRatio()) + " the baseline run's ("
                        + (judgement.rule().normalize() ? "timings divided by it" : "timings not normalized, "
                        + ConfigKeys.NORMALIZE + "=false") + ")");
        message.line("samples", current.n() + " x " + result.current().opsPerSample() + " op(s) after "
                + result.current().warmups() + " warm-up(s); baseline " + baseline.n() + " samples");
        message.line("environment", judgement.environmentChanges().isEmpty()
                ? "same as the baseline's run"
                : judgement.environmentChanges().stream().map(Object::toString).collect(Collectors.joining("; ")));
        return message.closing(MetricMessage.Closing.BASELINE_AND_ACCEPT);
    }

    /**
     * The lines every timing message carries under its reason: what the work counts say, whether time
     * may fail the build here, and for a change the counts do not explain, the A/B comparison that
     * settles it.
     */
    static void timingLines(MetricMessage message, Judgement judgement, Subject subject) {
        final boolean moved = judgement.verdict() != Verdict.PASS && judgement.verdict() != Verdict.NEW;
        message.line("counts", subject.counts().sentence(moved));
        message.line("gate", subject.timing());
        if (subject.counts().state() != WorkCounts.State.MOVED) {
            message.line("settle", subject.compareCommand() + " (base and head alternately, each in a fresh JVM"
                    + " and server, on this runner)");
        }
    }

    @Override
    public JsonNode json(MetricResult<Timings, TimeAssessment> result) {
        final Judgement judgement = result.assessment().judgement();
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put("verdict", judgement.verdict().name());
        json.put("reason", judgement.reason());
        json.put("ratio", nullIfNaN(judgement.ratio()));
        json.put("thresholdPercent", judgement.thresholdPercent());
        json.put("alpha", judgement.rule().alpha());
        judgement.comparison().ifPresent(comparison -> {
            json.put("ratioInterval", List.of(comparison.ratioLow(), comparison.ratioHigh()));
            json.put("confidence", comparison.confidence());
            json.put("pSlower", comparison.pSlower());
            json.put("pFaster", comparison.pFaster());
        });
        json.put("cv", judgement.current().cv());
        json.put("minimumDetectableRatio", nullIfNaN(judgement.minimumDetectableRatio()));
        final Fence fence = judgement.fence();
        json.put("baselineRuns", result.baseline().map(Timings::runCount).orElse(null));
        json.put("runSpread", fence.applies() ? fence.spread() : null);
        json.put("fence", fence.applies() ? List.of(fence.lower(), fence.upper()) : null);
        json.put("fenceNormalized", fence.applies() ? fence.normalized() : null);
        json.put("rulerRatio", nullIfNaN(judgement.rulerRatio()));
        json.put("normalized", judgement.rule().normalize());
        json.put("rerun", judgement.firstPass().isPresent());
        json.put("unit", UNIT);
        json.put("current", judgement.current());
        json.put("baseline", judgement.baseline().orElse(null));
        json.put("warmups", result.current().warmups());
        json.put("opsPerSample", result.current().opsPerSample());
        json.put("samples", result.current().nanosPerOp());
        json.put("environmentChanges", judgement.environmentChanges().stream()
                .map(WallTime::change).toList());
        return MetricJson.MAPPER.valueToTree(json);
    }

    /** The samples as {@code latency}, Bencher's name for time per operation; raw, not divided by the ruler. */
    @Override
    public List<Measure> measures(MetricResult<Timings, TimeAssessment> result) {
        return List.of(new Measure("latency", UNIT, result.current().nanosPerOp(),
                result.baseline().map(Timings::nanosPerOp).orElse(new double[0])));
    }

    /** One changed fact, its fields always in the same order: {@code key}, {@code baseline}, {@code current}. */
    private static Map<String, String> change(EnvironmentChange change) {
        final Map<String, String> fields = new LinkedHashMap<>();
        fields.put("key", change.key());
        fields.put("baseline", change.baseline());
        fields.put("current", change.current());
        return fields;
    }

    private static Double nullIfNaN(double value) {
        return Double.isNaN(value) ? null : value;
    }

    @Override
    public String toString() {
        return id();
    }
}
