package dev.dbbench.metric;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.explain.RelationSize;

/**
 * The on-disk sizes of the tables a benchmark's statements touched (PostgreSQL): table, indexes,
 * TOAST and total, read after the untimed capture call. A total that grew beyond the tolerance
 * fails. Stored as {@code "storage": [...]}.
 */
public final class Storage extends ExactMetric<List<RelationSize>> {

    Storage() {
    }

    @Override
    public String id() {
        return "storage";
    }


    @Override
    public JsonNode write(List<RelationSize> value) {
        return MetricJson.tree(value);
    }

    @Override
    public List<RelationSize> read(JsonNode json) {
        if (!json.isArray()) {
            throw new InvalidValueException("must be an array of table sizes");
        }
        try {
            return List.copyOf(MetricJson.MAPPER.convertValue(json, new TypeReference<List<RelationSize>>() {
            }));
        } catch (IllegalArgumentException e) {
            throw new InvalidValueException(MetricJson.describe(e));
        }
    }

    @Override
    public FindingsAssessment assess(List<RelationSize> current, Optional<List<RelationSize>> baseline,
            Judging context) {
        return FindingsAssessment.of(PlanJudge.storage(current, baseline.orElse(List.of())), baseline.isPresent());
    }


    @Override
    public Optional<String> summary(MetricResult<List<RelationSize>, FindingsAssessment> result, MetricResults all) {
        final int findings = result.assessment().findings().size();
        return findings == 0 ? Optional.empty() : Optional.of(findings + " table size finding(s)");
    }

    @Override
    public Optional<MetricMessage> message(MetricResult<List<RelationSize>, FindingsAssessment> result, MetricResults all,
            Subject subject) {
        return FindingsAssessment.message(result.assessment(), "STORAGE", "pg_total_relation_size after the capture"
                + " call, no statistics involved", subject);
    }

    @Override
    public JsonNode json(MetricResult<List<RelationSize>, FindingsAssessment> result) {
        final ObjectNode json = MetricJson.NODES.objectNode();
        json.set("storage", MetricJson.MAPPER.valueToTree(result.current()));
        json.set("storageFindings", result.assessment().json());
        return json;
    }

    /** The total on-disk size of the tables the statements touched. */
    @Override
    public List<Measure> measures(MetricResult<List<RelationSize>, FindingsAssessment> result) {
        return List.of(Measure.exact("table-bytes", "bytes", totalBytes(result.current()),
                result.baseline().map(sizes -> OptionalDouble.of(totalBytes(sizes))).orElse(OptionalDouble.empty())));
    }

    private static double totalBytes(List<RelationSize> sizes) {
        return sizes.stream().mapToDouble(RelationSize::totalBytes).sum();
    }
}
