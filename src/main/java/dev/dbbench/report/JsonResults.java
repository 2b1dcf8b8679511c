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

    private static Double nullIfNaN(double value) {
        return Double.isNaN(value) ? null : value;
    }

    private static Map<String, Object> toMap(ExpectationResult expectation) {
        final Map<String, Object> map = new LinkedHashMap<>();
        map.put("benchmark", expectation.benchmark());
        map.put("other", expectation.other());
        map.put("verdict", expectation.judgement().verdict().name());
        map.put("factor", expectation.judgement().factor());
        map.put("speedup", expectation.judgement().speedup());
        map.put("speedupInterval", List.of(expectation.judgement().comparison().ratioLow(),
                expectation.judgement().comparison().ratioHigh()));
        map.put("thisMedian", expectation.judgement().thisMedian());
        map.put("otherMedian", expectation.judgement().otherMedian());
        map.put("reason", expectation.judgement().reason());
        map.put("failed", expectation.fails());
        map.put("warned", expectation.warns());
        return map;
    }

    private static Map<String, Object> toMap(BenchmarkResult result) {
        final Map<String, Object> map = new LinkedHashMap<>();
        map.put("class", result.className());
        map.put("method", result.methodName());
        map.put("target", result.target());
        map.put("key", result.key());
        map.put("verdict", result.judgement().verdict().name());
        map.put("reason", result.judgement().reason());
        map.put("failed", result.decision().fails());
        map.put("warned", result.decision().warns());
        map.put("baselineWritten", result.decision().writesBaseline());
        map.put("ratio", nullIfNaN(result.judgement().ratio()));
        map.put("thresholdPercent", result.judgement().thresholdPercent());
        map.put("alpha", result.judgement().rule().alpha());
        result.judgement().comparison().ifPresent(comparison -> {
            map.put("ratioInterval", List.of(comparison.ratioLow(), comparison.ratioHigh()));
            map.put("confidence", comparison.confidence());
            map.put("pSlower", comparison.pSlower());
            map.put("pFaster", comparison.pFaster());
        });
        map.put("cv", result.judgement().current().cv());
        map.put("minimumDetectableRatio", nullIfNaN(result.judgement().minimumDetectableRatio()));
        map.put("rulerRatio", nullIfNaN(result.judgement().rulerRatio()));
        map.put("normalized", result.judgement().rule().normalize());
        map.put("rerun", result.judgement().firstPass().isPresent());
        map.put("unit", "ns/op");
        map.put("current", result.judgement().current());
        map.put("baseline", result.judgement().baseline().orElse(null));
        map.put("opsPerSample", result.samples().opsPerSample());
        map.put("samples", result.samples().nanosPerOp());
        map.put("serverCpu", result.serverCpu().orElse(null));
        map.put("baselineServerCpu", result.baselineServerCpu().orElse(null));
        map.put("serverCpuSamples", result.samples().serverCpuNanosPerOp());
        map.put("environment", result.environment());
        map.put("environmentChanges", result.judgement().environmentChanges().stream()
                .map(change -> Map.of("key", change.key(), "baseline", change.baseline(), "current", change.current()))
                .toList());
        map.put("expectations", result.expectations().stream().map(JsonResults::toMap).toList());
        result.plans().ifPresent(plans -> {
            map.put("plans", plans.plans());
            map.put("statementsPerOp", plans.statementsPerOp());
            map.put("statementsNotExplained", plans.skipped());
            map.put("storage", plans.storage());
        });
        map.put("planFindings", result.planFindings());
        map.put("baselineFile", result.baselineFile().toString());
        map.put("acceptCommand", result.acceptCommand());
        map.put("note", result.note());
        return map;
    }
}
