package dev.dbbench.report;

import java.util.Arrays;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.metric.Measure;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The run's results in JMH's JSON result format ({@code jmh-result.json}), which jmh-visualizer,
 * github-action-benchmark ({@code tool: 'jmh'}) and Bencher's JMH adapter read: one object per
 * benchmark and target, mode {@code avgt} (each sample is the average time of its calls, as a JMH
 * iteration is), one fork whose iterations are the samples. The benchmark is
 * {@code fully.qualified.Class.method} and the engine target its parameter {@code target}, as JMH
 * writes a {@code @Param}, beside the benchmark's own {@code @Scale} parameter where it has one. The
 * primary metric is the headline measure (wall time, {@code ns/op}); every other measure (server
 * CPU, statement and block counts, table sizes) is a secondary metric.
 *
 * <p>Figures are computed as JMH computes them: the score is the mean, the error the half-width of
 * the 99.9 % Student-t interval of the mean ({@code NaN} for fewer than three values, as JMH writes
 * it), percentiles by JMH's (Commons Math's default) estimator.
 */
public final class JmhResults implements ResultFormat {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final double[] PERCENTILES = {0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0};

    @Override
    public String name() {
        return "jmh-result";
    }

    @Override
    public String extension() {
        return "json";
    }

    @Override
    public String render(Report report) {
        final ArrayNode benchmarks = NODES.arrayNode();
        for (ReportedResult result : report.results()) {
            final Map<String, Measure> measures = Exports.measures(result);
            if (!measures.isEmpty()) {
                benchmarks.add(benchmark(result, measures));
            }
        }
        try {
            return ResultJson.MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT).writeValueAsString(benchmarks)
                    + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render results in JMH's format", e);
        }
    }

    private static ObjectNode benchmark(ReportedResult result, Map<String, Measure> measures) {
        final Measure primary = measures.values().iterator().next();
        final ObjectNode json = NODES.objectNode();
        json.put("benchmark", result.className() + "." + result.method());
        json.put("mode", "avgt");
        // Client threads, where the benchmark had them; the score is then the mean time of one call, as JMH's.
        json.put("threads", result.field("threads").asInt(1));
        json.put("forks", 1);
        json.put("warmupIterations", result.field("warmups").asInt(0));
        json.put("measurementIterations", primary.current().length);
        final ObjectNode params = json.putObject("params").put("target", result.target());
        result.parameter().ifPresent(point -> params.put(point.name(), String.valueOf(point.value())));
        json.set("primaryMetric", metric(primary));
        final ObjectNode secondary = json.putObject("secondaryMetrics");
        measures.forEach((name, measure) -> {
            if (measure != primary) {
                secondary.set(name, metric(measure));
            }
        });
        return json;
    }

    private static ObjectNode metric(Measure measure) {
        final double[] values = measure.current();
        final double mean = Arrays.stream(values).average().orElseThrow();
        final double error = meanError(values, mean);
        final ObjectNode json = NODES.objectNode();
        json.set("score", number(mean));
        json.set("scoreError", number(error));
        json.putArray("scoreConfidence").add(number(mean - error)).add(number(mean + error));
        final ObjectNode percentiles = json.putObject("scorePercentiles");
        final double[] sorted = values.clone();
        Arrays.sort(sorted);
        for (double percentile : PERCENTILES) {
            percentiles.set(String.valueOf(percentile), number(percentile(sorted, percentile)));
        }
        json.put("scoreUnit", measure.unit());
        final ArrayNode fork = json.putArray("rawData").addArray();
        Arrays.stream(values).forEach(value -> fork.add(number(value)));
        return json;
    }

    /** The half-width of the 99.9 % interval of the mean, as JMH's {@code getMeanErrorAt(0.999)}. */
    static double meanError(double[] values, double mean) {
        if (values.length <= 2) {
            return Double.NaN;
        }
        double squares = 0;
        for (double value : values) {
            squares += (value - mean) * (value - mean);
        }
        final double deviation = Math.sqrt(squares / (values.length - 1));
        final double t = TDistribution.of(values.length - 1).inverseCumulativeProbability(1 - (1 - 0.999) / 2);
        return t * deviation / Math.sqrt(values.length);
    }

    /**
     * The percentile as JMH reports it: the minimum at 0, else Commons Math's default estimate, at
     * position {@code p (n + 1) / 100} between order statistics.
     */
    static double percentile(double[] sorted, double percentile) {
        final int n = sorted.length;
        if (percentile == 0 || n == 1) {
            return sorted[0];
        }
        final double position = percentile * (n + 1) / 100;
        if (position < 1) {
            return sorted[0];
        }
        if (position >= n) {
            return sorted[n - 1];
        }
        final int lower = (int) Math.floor(position);
        return sorted[lower - 1] + (position - lower) * (sorted[lower] - sorted[lower - 1]);
    }

    /** A number, or {@code "NaN"} as JMH writes one that is not. */
    private static JsonNode number(double value) {
        return Double.isFinite(value) ? NODES.numberNode(value) : NODES.textNode(Double.isNaN(value) ? "NaN"
                : value > 0 ? "+INF" : "-INF");
    }
}
