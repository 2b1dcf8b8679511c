package dev.dbbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.evaluate.Decision;
import dev.dbbench.evaluate.ExpectationResult;
import dev.dbbench.evaluate.GatedMetric;
import dev.dbbench.evaluate.ScalingResult;
import dev.dbbench.evaluate.Unmeasured;
import dev.dbbench.metric.Gating;
import dev.dbbench.metric.MetricResult;
import dev.dbbench.metric.MetricResults;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.WorkCounts;
import dev.dbbench.verdict.CountGrowth;
import dev.dbbench.verdict.ExpectationJudgement;
import dev.dbbench.verdict.GrowthFit;
import dev.dbbench.verdict.ScalingJudge;
import dev.dbbench.verdict.ScalingJudgement;
import dev.dbbench.verdict.Verdict;

/**
 * Renders a finished {@link BenchmarkResult} into the report model: each metric renders itself once
 * (verdict, cells, summary, context line, message, measures and the fields it writes), each
 * expectation and growth its message. The build log's messages, the run's report files and
 * {@code results.json} all read the model this returns.
 */
final class ResultRendering {

    private ResultRendering() {
    }

    static ReportedResult render(BenchmarkResult result) {
        final MetricResults all = result.results();
        final ObjectNode fields = ResultJson.MAPPER.createObjectNode();
        final List<ReportedMetric> metrics = new ArrayList<>();
        for (GatedMetric gated : result.metrics()) {
            final JsonNode json = gated.result().json();
            fields.setAll((ObjectNode) json);
            metrics.add(metric(result, all, gated, json));
        }
        result.unmeasured().forEach(missing -> metrics.add(unmeasured(result, missing)));
        final WorkCounts counts = result.workCounts();
        final Verdict verdict = result.verdict();
        final ReportedResult.Timing timing = new ReportedResult.Timing(result.timing().gates(),
                result.timing().reason(), counts.state().name(),
                counts.sentence(verdict != Verdict.PASS && verdict != Verdict.NEW), result.compareCommand(),
                counts.unchanged(), counts.moved(), counts.uncompared());
        return new ReportedResult(result.id().className(), result.id().method(), result.id().target(),
                result.id().key(), result.fails(), warns(result), result.recording().written(), metrics,
                result.expectations().stream().map(expectation -> expectation(result, expectation)).toList(),
                result.environment(), result.time().assessment().judgement().environmentChanges(),
                result.recording().baselineFile().toString(), result.recording().baselineRecordedAt(),
                result.acceptCommand(), result.note(), fields, result.id().point(),
                result.scaling().map(scaling -> scaling(result, scaling)),
                result.metrics().stream().anyMatch(gated -> gated.decision().informs()), Optional.of(timing));
    }

    private static boolean warns(BenchmarkResult result) {
        return result.metrics().stream().anyMatch(gated -> gated.decision().warns())
                || result.unmeasured().stream().anyMatch(missing -> missing.decision().warns())
                || result.expectations().stream().anyMatch(ExpectationResult::warns)
                || result.scaling().filter(ScalingResult::warns).isPresent();
    }

    private static ReportedMetric metric(BenchmarkResult result, MetricResults all, GatedMetric gated,
            JsonNode json) {
        final MetricResult<?, ?> metric = gated.result();
        final List<String> fields = new ArrayList<>();
        json.fieldNames().forEachRemaining(fields::add);
        // A message is only asked for where the build log shows one: a metric's message may need
        // figures (a comparison) that only a finding has.
        final String message = printsMessage(gated)
                ? metric.message(all, result.subject(gated.decision())).orElse("") : "";
        return new ReportedMetric(metric.metric().id(), metric.metric().gating().name(),
                metric.assessment().verdict().name(), metric.assessment().reason(), gated.decision().fails(),
                gated.decision().warns(), gated.decision().informs(), metric.metric().columns(), metric.cells(all),
                metric.summary(all).orElse(""), metric.context(all), message,
                metric.assessment().findings().stream().map(finding -> new ReportedMetric.Finding(
                        finding.kind().name(), finding.subject(), finding.detail(), finding.fails())).toList(),
                fields, metric.measures(), metric.tables(all));
    }

    /**
     * Whether the metric has a message: when it fails, warns or informs, or an exact metric found
     * something. The build log prints only a failure's in full; the report shows every one.
     */
    private static boolean printsMessage(GatedMetric gated) {
        final boolean noted = gated.result().metric().gating() == Gating.EXACT
                && !gated.result().assessment().findings().isEmpty();
        return gated.decision().fails() || gated.decision().warns() || gated.decision().informs() || noted;
    }

    /** A metric the baseline holds that this run could not measure: verdict NOT_MEASURED, no figures. */
    private static ReportedMetric unmeasured(BenchmarkResult result, Unmeasured missing) {
        return new ReportedMetric(missing.metric(),
                Metrics.byId(missing.metric()).map(metric -> metric.gating().name()).orElse(""),
                ReportedMetric.NOT_MEASURED, missing.reason(), missing.decision().fails(), missing.decision().warns(),
                false, List.of(), List.of(), "", Optional.empty(),
                missing.message(result.id().qualifiedName()), List.of(), List.of(), List.of());
    }

    private static ReportedScaling scaling(BenchmarkResult result, ScalingResult scaling) {
        final ScalingJudgement judgement = scaling.judgement();
        final List<ReportedScaling.Count> counts = new ArrayList<>();
        for (CountGrowth count : judgement.counts()) {
            counts.add(new ReportedScaling.Count(count.name(), count.counts(), count.ratios(), count.bound().name(),
                    count.allowed(), fit(count.fit()), count.within()));
        }
        final List<ReportedScaling.Series> informing = judgement.informing().stream()
                .map(series -> new ReportedScaling.Series(series.name(), series.values(), series.duration(),
                        fit(series.fit()))).toList();
        final List<ReportedScaling.Statement> statements = judgement.statements().stream()
                .map(statement -> new ReportedScaling.Statement(statement.statement(), statement.executions(),
                        fit(statement.fit()), statement.within())).toList();
        return new ReportedScaling(scaling.benchmark(), judgement.parameter(), judgement.atMost().name(),
                judgement.statementsAtMost().name(), judgement.verdict().name(), judgement.values(), counts, informing,
                statements, ScalingJudge.MARGIN, judgement.reason(), scaling.fails(), scaling.warns(),
                ScalingMessage.render(result.subject(new Decision(scaling.fails(), scaling.warns())), scaling));
    }

    private static ReportedScaling.Fit fit(GrowthFit fit) {
        return new ReportedScaling.Fit(fit.growth().name(), fit.exponent(), fit.rSquared());
    }

    private static ReportedExpectation expectation(BenchmarkResult result, ExpectationResult expectation) {
        final ExpectationJudgement judgement = expectation.judgement();
        return new ReportedExpectation(expectation.benchmark(), expectation.other(), judgement.verdict().name(),
                judgement.factor(), judgement.speedup(), judgement.comparison().ratioLow(),
                judgement.comparison().ratioHigh(), judgement.comparison().confidence(), judgement.thisMedian(),
                judgement.otherMedian(), judgement.reason(), expectation.fails(), expectation.warns(),
                ExpectationMessage.render(result.id(), expectation));
    }
}
