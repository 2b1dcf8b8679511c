package dev.dbbench.report;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.api.Growth;
import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.evaluate.ExpectationResult;
import dev.dbbench.evaluate.GatedMetric;
import dev.dbbench.evaluate.ScalingResult;
import dev.dbbench.evaluate.Unmeasured;
import dev.dbbench.metric.Gating;
import dev.dbbench.metric.MetricResult;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.WorkCounts;
import dev.dbbench.verdict.CountGrowth;
import dev.dbbench.verdict.ScalingJudge;
import dev.dbbench.verdict.ScalingJudgement;
import dev.dbbench.verdict.Verdict;

/**
 * One benchmark's result as {@code results.json} holds it: its identity and outcome, every field
 * its metrics write (wall time's at the top, as they always were), its expectations and baseline,
 * and under {@code metrics} what each metric renders (verdict, cells, summary, findings, measures).
 * Every report format reads this form, so a report merged from several runs' files says exactly
 * what the runs' own reports said.
 */
final class ResultJson {

    static final ObjectMapper MAPPER = JsonMapper.builder().build();

    /** The verdict of a metric the baseline holds but this run could not measure. */
    static final String NOT_MEASURED = "NOT_MEASURED";

    private ResultJson() {
    }

    static ObjectNode of(BenchmarkResult result) {
        final ObjectNode json = MAPPER.createObjectNode();
        json.put("class", result.id().className());
        json.put("method", result.id().method());
        json.put("target", result.id().target());
        json.put("key", result.id().key());
        json.set("parameter", result.id().point().map(point -> (JsonNode) MAPPER.createObjectNode()
                .put("name", point.name()).put("value", point.value())).orElse(MAPPER.nullNode()));
        json.put("failed", result.fails());
        json.put("warned", result.metrics().stream().anyMatch(gated -> gated.decision().warns())
                || result.unmeasured().stream().anyMatch(missing -> missing.decision().warns())
                || result.expectations().stream().anyMatch(ExpectationResult::warns)
                || result.scaling().filter(ScalingResult::warns).isPresent());
        json.put("informed", result.metrics().stream().anyMatch(gated -> gated.decision().informs()));
        json.put("baselineWritten", result.recording().written());
        for (MetricResult<?, ?> metric : result.results().all()) {
            final JsonNode fields = metric.json();
            fields.fields().forEachRemaining(field -> json.set(field.getKey(), field.getValue()));
        }
        json.set("environment", MAPPER.valueToTree(result.environment()));
        final ArrayNode expectations = json.putArray("expectations");
        result.expectations().forEach(expectation -> expectations.add(expectation(result, expectation)));
        json.set("scaling", result.scaling().map(scaling -> (JsonNode) scaling(result, scaling))
                .orElse(MAPPER.nullNode()));
        json.put("baselineFile", result.recording().baselineFile().toString());
        json.put("baselineRecordedAt", result.recording().baselineRecordedAt());
        json.put("acceptCommand", result.acceptCommand());
        json.put("compareCommand", result.compareCommand());
        json.put("note", result.note());
        json.set("timing", MAPPER.createObjectNode().put("gates", result.timing().gates())
                .put("reason", result.timing().reason()));
        json.set("workCounts", workCounts(result));
        final ArrayNode metrics = json.putArray("metrics");
        result.metrics().forEach(gated -> metrics.add(metric(result, gated)));
        result.unmeasured().forEach(missing -> metrics.add(unmeasured(result, missing)));
        return json;
    }

    /** A metric the baseline holds that this run could not measure: verdict NOT_MEASURED, no figures. */
    private static ObjectNode unmeasured(BenchmarkResult result, Unmeasured missing) {
        final ObjectNode json = MAPPER.createObjectNode();
        json.put("id", missing.metric());
        json.put("gating", Metrics.byId(missing.metric()).map(metric -> metric.gating().name()).orElse(""));
        json.put("verdict", NOT_MEASURED);
        json.put("reason", missing.reason());
        json.put("failed", missing.decision().fails());
        json.put("warned", missing.decision().warns());
        json.put("informed", false);
        json.putArray("columns");
        json.putArray("cells");
        json.putNull("summary");
        json.putNull("context");
        json.put("message", missing.message(result.id().qualifiedName()));
        json.putArray("findings");
        json.putArray("fields");
        json.putArray("measures");
        return json;
    }

    private static ObjectNode metric(BenchmarkResult result, GatedMetric gated) {
        final MetricResult<?, ?> metric = gated.result();
        final ObjectNode json = MAPPER.createObjectNode();
        json.put("id", metric.metric().id());
        json.put("gating", metric.metric().gating().name());
        json.put("verdict", metric.assessment().verdict().name());
        json.put("reason", metric.assessment().reason());
        json.put("failed", gated.decision().fails());
        json.put("warned", gated.decision().warns());
        json.put("informed", gated.decision().informs());
        json.set("columns", MAPPER.valueToTree(metric.metric().columns()));
        json.set("cells", MAPPER.valueToTree(metric.cells(result.results())));
        json.put("summary", metric.summary(result.results()).orElse(null));
        json.set("context", metric.context(result.results()).map(line -> (JsonNode) MAPPER.valueToTree(line))
                .orElse(MAPPER.nullNode()));
        // A message is only asked for where the build log shows one: a metric's message may need
        // figures (a comparison) that only a finding has.
        json.put("message", printsMessage(gated) ? metric.message(result.results(),
                result.subject(gated.decision())).orElse(null) : null);
        final ArrayNode findings = json.putArray("findings");
        metric.assessment().findings().forEach(finding -> findings.addObject()
                .put("kind", finding.kind().name()).put("subject", finding.subject())
                .put("detail", finding.detail()).put("fails", finding.fails()));
        final List<String> fields = new ArrayList<>();
        metric.json().fieldNames().forEachRemaining(fields::add);
        json.set("fields", MAPPER.valueToTree(fields));
        json.set("measures", MAPPER.valueToTree(metric.measures()));
        return json;
    }

    /**
     * Whether the metric has a message: when it fails, warns or informs, or an exact metric found
     * something. The build log prints only a failure's in full; the report shows every one.
     */
    static boolean printsMessage(GatedMetric gated) {
        final boolean noted = gated.result().metric().gating() == Gating.EXACT
                && !gated.result().assessment().findings().isEmpty();
        return gated.decision().fails() || gated.decision().warns() || gated.decision().informs() || noted;
    }

    /** What the work counts say, in the words of every timing message, with the counts by where they stand. */
    private static ObjectNode workCounts(BenchmarkResult result) {
        final WorkCounts counts = result.workCounts();
        final Verdict verdict = result.verdict();
        final ObjectNode json = MAPPER.createObjectNode();
        json.put("state", counts.state().name());
        json.set("unchanged", MAPPER.valueToTree(counts.unchanged()));
        json.set("moved", MAPPER.valueToTree(counts.moved()));
        json.set("uncompared", MAPPER.valueToTree(counts.uncompared()));
        json.put("summary", counts.sentence(verdict != Verdict.PASS && verdict != Verdict.NEW));
        return json;
    }

    /** A number, or null where there is none (NaN is not JSON, and 0 would read as a real figure). */
    private static JsonNode number(double value) {
        return Double.isFinite(value) ? MAPPER.getNodeFactory().numberNode(value) : MAPPER.nullNode();
    }

    private static ObjectNode scaling(BenchmarkResult result, ScalingResult scaling) {
        final ScalingJudgement judgement = scaling.judgement();
        final ObjectNode json = MAPPER.createObjectNode();
        json.put("benchmark", scaling.benchmark());
        json.put("parameter", judgement.parameter());
        json.put("atMost", judgement.atMost().name());
        json.put("verdict", judgement.verdict().name());
        json.set("values", MAPPER.valueToTree(judgement.values()));
        final ArrayNode counts = json.putArray("counts");
        for (CountGrowth count : judgement.counts()) {
            final ObjectNode node = counts.addObject().put("name", count.name());
            node.set("counts", MAPPER.valueToTree(count.counts()));
            final ArrayNode ratios = node.putArray("ratios");
            count.ratios().forEach(ratio -> ratios.add(number(ratio)));
            node.set("allowed", MAPPER.valueToTree(count.allowed()));
            node.put("fitted", count.fitted().map(Growth::name).orElse(null));
            node.set("exponent", number(count.exponent()));
            node.put("within", count.within());
        }
        json.put("margin", ScalingJudge.MARGIN);
        json.put("reason", judgement.reason());
        json.put("failed", scaling.fails());
        json.put("warned", scaling.warns());
        json.put("message", ScalingMessage.render(result.id(), scaling));
        return json;
    }

    private static ObjectNode expectation(BenchmarkResult result, ExpectationResult expectation) {
        final ObjectNode json = MAPPER.createObjectNode();
        json.put("benchmark", expectation.benchmark());
        json.put("other", expectation.other());
        json.put("verdict", expectation.judgement().verdict().name());
        json.set("factor", number(expectation.judgement().factor()));
        json.set("speedup", number(expectation.judgement().speedup()));
        json.putArray("speedupInterval").add(number(expectation.judgement().comparison().ratioLow()))
                .add(number(expectation.judgement().comparison().ratioHigh()));
        json.set("confidence", number(expectation.judgement().comparison().confidence()));
        json.set("thisMedian", number(expectation.judgement().thisMedian()));
        json.set("otherMedian", number(expectation.judgement().otherMedian()));
        json.put("reason", expectation.judgement().reason());
        json.put("failed", expectation.fails());
        json.put("warned", expectation.warns());
        json.put("message", ExpectationMessage.render(result.id(), expectation));
        return json;
    }
}
