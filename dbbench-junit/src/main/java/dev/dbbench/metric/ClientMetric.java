package dev.dbbench.metric;

import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.stats.Comparison;
import dev.dbbench.text.Figures;
import dev.dbbench.verdict.Fence;
import dev.dbbench.verdict.Judgement;
import dev.dbbench.verdict.Verdict;

/**
 * What the metrics of client threads share (their throughput, their latency). Each judges one timed
 * figure the way wall time is judged: statistically against the baseline's samples, within the
 * fence of the baseline's runs, divided by the machine-speed ruler, confirmed by a re-run and gated
 * by {@code dbbench.gate.time}. Only against a baseline of as many client threads, though: figures
 * of another client count measure another load. And each prints the same kind of message when the
 * gate fails or warns on it.
 */
abstract class ClientMetric<V extends ClientFigure> implements Metric<V, TimeAssessment> {

    @Override
    public final Gating gating() {
        return Gating.TIMING;
    }

    @Override
    public final TimeAssessment assess(V current, Optional<V> baseline, Judging context) {
        if (baseline.isPresent() && baseline.get().threads() != current.threads()) {
            return new TimeAssessment(new Judgement(Verdict.INCONCLUSIVE, current.judged().summary(),
                    Optional.of(baseline.get().judged().summary()), Optional.empty(), context.rule(), Double.NaN,
                    Double.NaN, "the baseline ran " + baseline.get().threads() + " client threads and this run "
                            + current.threads() + ", another load: not compared; record the baseline again",
                    List.of(), Optional.empty()));
        }
        return Metrics.TIME.assess(current.judged(), baseline.map(ClientFigure::judged), context);
    }

    @Override
    public final TimeAssessment confirm(TimeAssessment first, TimeAssessment rerun) {
        return Metrics.TIME.confirm(first, rerun);
    }

    /** What the figure is called in messages, such as {@code throughput}. */
    abstract String figure();

    /** What the judge compares, for the reason of a verdict, such as {@code each sample's p99}. */
    abstract String judgedAs();

    /** A judged value, in nanoseconds, as the figure is written: {@code 12.3k ops/s}, {@code 1.23 ms}. */
    abstract String format(double nanos);

    /** A ratio of judged values (current over baseline) as a ratio of the figure. */
    abstract double ratio(double judged);

    /** What the message shows beyond the judged figure, such as the other percentiles. */
    List<ContextLine> details(MetricResult<V, TimeAssessment> result) {
        return List.of();
    }

    /** The judged figure's median, baseline and ratio, such as {@code 12.3k ops/s (baseline 12.0k ops/s, 1.02x)}. */
    final String withBaseline(MetricResult<V, TimeAssessment> result) {
        final Judgement judgement = result.assessment().judgement();
        return format(judgement.current().median()) + judgement.baseline().map(baseline -> " (baseline "
                + format(baseline.median()) + ", " + Figures.ratio(ratio(judgement.ratio())) + ")").orElse("");
    }

    @Override
    public final Optional<MetricMessage> message(MetricResult<V, TimeAssessment> result, MetricResults all,
            Subject subject) {
        final Judgement judgement = result.assessment().judgement();
        if (judgement.verdict() == Verdict.NEW) {
            // Without any baseline entry, the wall time's message says so; here the entry lacks this figure only.
            return all.get(Metrics.TIME).flatMap(MetricResult::baseline).map(time -> new MetricMessage(
                    subject.id().qualifiedName() + " has no " + figure() + " in its baseline entry in "
                    + subject.baselineFile() + ", which was recorded without client threads, and "
                    + ConfigKeys.BASELINE_MISSING + "=fail (the default when CI=true).")
                    .closing(MetricMessage.Closing.RECORD));
        }
        final MetricMessage message = new MetricMessage(judgement.verdict() + " of " + figure() + " in "
                + subject.id().qualifiedName() + " with " + result.current().threads() + " client threads"
                + judgement.comparison().map(c -> ": " + Figures.ratio(ratio(c.ratio())) + " the baseline's")
                        .orElse("") + subject.outcome());
        message.line("why", "judged on " + judgedAs() + ": " + judgement.reason());
        WallTime.timingLines(message, judgement, subject);
        message.line(figure(), judgement.baseline().map(baseline -> format(baseline.median()) + " -> ").orElse("")
                + format(judgement.current().median()) + judgement.comparison().map(this::interval).orElse(""));
        details(result).forEach(line -> message.line(line.label(), line.value()));
        final Fence fence = judgement.fence();
        message.line("runs", fence.applies() ? "baseline of " + fence.describe()
                : "single-run baseline: judged by its samples alone");
        return Optional.of(message.closing(MetricMessage.Closing.BASELINE_AND_ACCEPT));
    }

    private String interval(Comparison comparison) {
        final double low = ratio(comparison.ratioLow());
        final double high = ratio(comparison.ratioHigh());
        return "  (" + Figures.ratio(ratio(comparison.ratio())) + ", " + Figures.percent(comparison.confidence())
                + " interval " + Figures.ratio(Math.min(low, high)) + " to " + Figures.ratio(Math.max(low, high))
                + ", p = " + Figures.pValue(comparison.pSlower()) + ")";
    }

    /** The {@code threads} a stored value of this metric holds: from 1 to {@link ConfigKeys#MAX_THREADS}. */
    static int threads(JsonNode json) {
        final JsonNode threads = json.isObject() ? json.get("threads") : null;
        if (threads == null || !threads.canConvertToExactIntegral() || threads.asInt() < 1
                || threads.asInt() > ConfigKeys.MAX_THREADS) {
            throw new InvalidValueException("threads must be an integer from 1 to " + ConfigKeys.MAX_THREADS);
        }
        return threads.asInt();
    }

    /** A stored object without some of its fields, for reading the rest strictly. */
    static JsonNode without(JsonNode json, String... fields) {
        return ((ObjectNode) json.deepCopy()).without(List.of(fields));
    }

    @Override
    public String toString() {
        return id();
    }
}
