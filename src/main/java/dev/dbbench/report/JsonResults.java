package dev.dbbench.report;

import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.evaluate.ExpectationResult;
import dev.dbbench.metric.MetricResult;

/**
 * The run's results as JSON, for tools that read them (dashboards, PR bots). Each result holds the
 * benchmark's identity and outcome, then every field its metrics write (wall time's at the top, as
 * they always were), its expectations and its baseline.
 */
public final class JsonResults implements ResultFormat {

    /** The version of this format; raised when a field changes meaning. */
    static final int SCHEMA = 1;

    private final ObjectMapper mapper = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    @Override
    public String name() {
        return "results";
    }

    @Override
    public String extension() {
        return "json";
    }

    @Override
    public String render(List<BenchmarkResult> results) {
        final ObjectNode document = mapper.createObjectNode();
        document.put("schema", SCHEMA);
        final ArrayNode array = document.putArray("results");
        results.forEach(result -> array.add(toJson(result)));
        try {
            return mapper.writeValueAsString(document) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render results as JSON", e);
        }
    }

    private ObjectNode toJson(BenchmarkResult result) {
        final ObjectNode json = mapper.createObjectNode();
        json.put("class", result.id().className());
        json.put("method", result.id().method());
        json.put("target", result.id().target());
        json.put("key", result.id().key());
        json.put("failed", result.fails());
        json.put("warned", result.metrics().stream().anyMatch(gated -> gated.decision().warns()));
        json.put("baselineWritten", result.recording().written());
        for (MetricResult<?, ?> metric : result.results().all()) {
            final JsonNode fields = metric.json();
            fields.fields().forEachRemaining(field -> json.set(field.getKey(), field.getValue()));
        }
        final ArrayNode unmeasured = json.putArray("unmeasured");
        result.unmeasured().forEach(missing -> unmeasured.addObject().put("metric", missing.metric())
                .put("reason", missing.reason()).put("failed", missing.decision().fails()));
        json.set("environment", mapper.valueToTree(result.environment()));
        final ArrayNode expectations = json.putArray("expectations");
        result.expectations().forEach(expectation -> expectations.add(toJson(expectation)));
        json.put("baselineFile", result.recording().baselineFile().toString());
        json.put("acceptCommand", result.acceptCommand());
        json.put("note", result.note());
        return json;
    }

    private ObjectNode toJson(ExpectationResult expectation) {
        final ObjectNode json = mapper.createObjectNode();
        json.put("benchmark", expectation.benchmark());
        json.put("other", expectation.other());
        json.put("verdict", expectation.judgement().verdict().name());
        json.put("factor", expectation.judgement().factor());
        json.put("speedup", expectation.judgement().speedup());
        json.putArray("speedupInterval").add(expectation.judgement().comparison().ratioLow())
                .add(expectation.judgement().comparison().ratioHigh());
        json.put("thisMedian", expectation.judgement().thisMedian());
        json.put("otherMedian", expectation.judgement().otherMedian());
        json.put("reason", expectation.judgement().reason());
        json.put("failed", expectation.fails());
        json.put("warned", expectation.warns());
        return json;
    }
}
