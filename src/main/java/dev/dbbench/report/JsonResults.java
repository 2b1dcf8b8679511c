package dev.dbbench.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** The run's results as JSON, for tools that read them (dashboards, PR bots). */
public final class JsonResults implements ResultFormat {

    /** The version of this format; raised when a field changes meaning. */
    static final int SCHEMA = 1;

    private final ObjectMapper mapper = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    @Override
    public String render(List<BenchmarkResult> results) {
        final Map<String, Object> document = new LinkedHashMap<>();
        document.put("schema", SCHEMA);
        document.put("results", results.stream().map(JsonResults::toMap).toList());
        try {
            return mapper.writeValueAsString(document) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render results as JSON", e);
        }
    }

    private static Map<String, Object> toMap(BenchmarkResult result) {
        final Map<String, Object> map = new LinkedHashMap<>();
        map.put("class", result.className());
        map.put("method", result.methodName());
        map.put("target", result.target());
        map.put("key", result.key());
        map.put("verdict", result.judgement().verdict().name());
        map.put("failed", result.decision().fails());
        map.put("baselineWritten", result.decision().writesBaseline());
        map.put("ratio", Double.isNaN(result.judgement().ratio()) ? null : result.judgement().ratio());
        map.put("thresholdPercent", result.judgement().thresholdPercent());
        map.put("unit", "ns/op");
        map.put("current", result.judgement().current());
        map.put("baseline", result.judgement().baseline().orElse(null));
        map.put("opsPerSample", result.samples().opsPerSample());
        map.put("samples", result.samples().nanosPerOp());
        map.put("environment", result.environment());
        map.put("environmentChanges", result.judgement().environmentChanges().stream()
                .map(change -> Map.of("key", change.key(), "baseline", change.baseline(), "current", change.current()))
                .toList());
        map.put("baselineFile", result.baselineFile().toString());
        map.put("acceptCommand", result.acceptCommand());
        map.put("note", result.note());
        return map;
    }
}
