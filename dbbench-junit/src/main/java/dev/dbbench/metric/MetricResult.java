package dev.dbbench.metric;

import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One metric of one benchmark after judging: the current value, the baseline's if there was one,
 * and what the judging found. The rendering methods hand the typed parts to the metric.
 */
public record MetricResult<V, A extends Assessment>(Metric<V, A> metric, V current, Optional<V> baseline,
        A assessment) {

    /** Measures nothing new: judges {@code current} against {@code baseline} under the context. */
    public static <V, A extends Assessment> MetricResult<V, A> judge(Metric<V, A> metric, V current,
            Optional<V> baseline, Judging context) {
        return new MetricResult<>(metric, current, baseline, metric.assess(current, baseline, context));
    }

    /** This result's first pass combined with a re-measured value, as the metric confirms. */
    public MetricResult<V, A> confirmedBy(V rerun, Judging context) {
        return new MetricResult<>(metric, rerun, baseline,
                metric.confirm(assessment, metric.assess(rerun, baseline, context)));
    }

    /** A re-measured value judged again, with nothing to confirm. */
    public MetricResult<V, A> remeasured(V rerun, Judging context) {
        return judge(metric, rerun, baseline, context);
    }

    public List<String> cells(MetricResults all) {
        return metric.cells(this, all);
    }

    public Optional<String> summary(MetricResults all) {
        return metric.summary(this, all);
    }

    public Optional<ContextLine> context(MetricResults all) {
        return metric.context(this, all);
    }

    /** The metric's message as written: what the metric says, written as every metric's message reads. */
    public Optional<String> message(MetricResults all, Subject subject) {
        return metric.message(this, all, subject).map(message -> message.write(subject));
    }

    public List<DetailTable> tables(MetricResults all) {
        return metric.tables(this, all);
    }

    public JsonNode json() {
        return metric.json(this);
    }

    public List<Measure> measures() {
        return metric.measures(this);
    }
}
