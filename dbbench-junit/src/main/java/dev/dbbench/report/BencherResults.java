package dev.dbbench.report;

import java.util.Arrays;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.metric.Measure;
import dev.dbbench.stats.Summary;

/**
 * The run's results in Bencher Metric Format ({@code bencher.json}), for {@code bencher run
 * --adapter json}: one benchmark per method and target ({@code fully.qualified.Class.method
 * [target]}), one measure per figure. Wall time is {@code latency}, Bencher's built-in measure in
 * nanoseconds, with the median as value and the fastest and slowest sample as lower and upper value;
 * deterministic figures (statements, shared blocks, table bytes) are their own measures with a value
 * alone, which Bencher creates on first use.
 */
public final class BencherResults implements ResultFormat {

    @Override
    public String name() {
        return "bencher";
    }

    @Override
    public String extension() {
        return "json";
    }

    @Override
    public String render(Report report) {
        final ObjectNode document = ResultJson.MAPPER.createObjectNode();
        for (ReportedResult result : report.results()) {
            final ObjectNode benchmark = ResultJson.MAPPER.createObjectNode();
            Exports.measures(result).forEach((name, measure) -> benchmark.set(name, metric(measure)));
            if (!benchmark.isEmpty()) {
                document.set(result.fullName(), benchmark);
            }
        }
        try {
            return ResultJson.MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT).writeValueAsString(document)
                    + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render results in Bencher Metric Format", e);
        }
    }

    private static ObjectNode metric(Measure measure) {
        final double[] values = measure.current();
        final ObjectNode json = ResultJson.MAPPER.createObjectNode();
        if (values.length == 1) {
            return json.put("value", values[0]);
        }
        return json.put("value", Summary.of(values).median())
                .put("lower_value", Arrays.stream(values).min().orElseThrow())
                .put("upper_value", Arrays.stream(values).max().orElseThrow());
    }
}
