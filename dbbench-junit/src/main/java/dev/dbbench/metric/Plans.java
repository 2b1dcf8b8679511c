package dev.dbbench.metric;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.explain.StatementPlan;
import dev.dbbench.explain.StatementPlans;

/**
 * The plan of each statement a benchmark executes, from {@code EXPLAIN (ANALYZE, BUFFERS)} of one
 * untimed call (PostgreSQL): shape, rows, shared and temp blocks, compared exactly with the
 * baseline's, plus the method's declared plan expectations. Stored as {@code "plans": [...]}.
 */
public final class Plans extends ExactMetric<StatementPlans> {

    Plans() {
    }

    @Override
    public String id() {
        return "plans";
    }


    @Override
    public JsonNode write(StatementPlans value) {
        return MetricJson.tree(value.plans());
    }

    @Override
    public StatementPlans read(JsonNode json) {
        if (!json.isArray()) {
            throw new InvalidValueException("must be an array of statement plans");
        }
        try {
            return StatementPlans.stored(MetricJson.MAPPER.convertValue(json, new TypeReference<List<StatementPlan>>() {
            }));
        } catch (IllegalArgumentException e) {
            throw new InvalidValueException(MetricJson.describe(e));
        }
    }

    @Override
    public FindingsAssessment assess(StatementPlans current, Optional<StatementPlans> baseline, Judging context) {
        return FindingsAssessment.of(PlanJudge.plans(current, baseline.map(StatementPlans::plans).orElse(List.of()),
                context.declared()), baseline.isPresent());
    }


    @Override
    public Optional<String> summary(MetricResult<StatementPlans, FindingsAssessment> result, MetricResults all) {
        return Optional.of(result.current().plans().size() + " statement plan(s), "
                + result.assessment().findings().size() + " plan finding(s)");
    }

    @Override
    public Optional<MetricMessage> message(MetricResult<StatementPlans, FindingsAssessment> result, MetricResults all,
            Subject subject) {
        return FindingsAssessment.message(result.assessment(), "PLAN",
                "EXPLAIN ANALYZE BUFFERS, no statistics involved", subject);
    }

    @Override
    public JsonNode json(MetricResult<StatementPlans, FindingsAssessment> result) {
        final ObjectNode json = MetricJson.NODES.objectNode();
        json.set("plans", MetricJson.MAPPER.valueToTree(result.current().plans()));
        json.put("statementsPerOp", result.current().statementsPerOp());
        json.set("statementsNotExplained", MetricJson.MAPPER.valueToTree(result.current().notExplained()));
        json.set("planFindings", result.assessment().json());
        return json;
    }

    /** Statements and shared blocks per call of the body, as the plans count them. */
    @Override
    public List<Measure> measures(MetricResult<StatementPlans, FindingsAssessment> result) {
        final Optional<StatementPlans> baseline = result.baseline();
        return List.of(
                Measure.exact("statements", "statements/op", result.current().statementsPerOp(),
                        baseline.map(plans -> OptionalDouble.of(plans.statementsPerOp())).orElse(OptionalDouble.empty())),
                Measure.exact("shared-blocks", "blocks/op", result.current().sharedBlocksPerOp(),
                        baseline.map(plans -> OptionalDouble.of(plans.sharedBlocksPerOp()))
                                .orElse(OptionalDouble.empty())));
    }

}
