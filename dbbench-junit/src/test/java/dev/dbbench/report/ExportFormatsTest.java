package dev.dbbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.evaluate.BenchmarkResult;
import org.junit.jupiter.api.Test;

/** The dashboard exports parse as their formats: JMH's result JSON and Bencher Metric Format. */
class ExportFormatsTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final List<String> JMH_PERCENTILES = List.of("0.0", "50.0", "90.0", "95.0", "99.0", "99.9",
            "99.99", "99.999", "99.9999", "100.0");

    @Test
    void jmhResultHasJmhsShapeForEveryBenchmarkAndTarget() throws Exception {
        final List<BenchmarkResult> results = SyntheticResults.generate(30, 31);
        final JsonNode document = MAPPER.readTree(new JmhResults().render(report(results)));

        assertThat(document.isArray()).isTrue();
        assertThat(document).hasSize(results.size());
        for (int i = 0; i < results.size(); i++) {
            final JsonNode benchmark = document.get(i);
            assertThat(benchmark.get("benchmark").asText())
                    .isEqualTo(results.get(i).id().className() + "." + results.get(i).id().method());
            assertThat(benchmark.get("params").get("target").asText()).isEqualTo(results.get(i).id().target());
            assertThat(benchmark.get("mode").asText()).isEqualTo("avgt");
            assertThat(benchmark.get("threads").asInt()).isEqualTo(1);
            assertThat(benchmark.get("forks").asInt()).isEqualTo(1);
            assertThat(benchmark.get("warmupIterations").asInt()).isEqualTo(5);
            assertThat(benchmark.get("measurementIterations").asInt()).isEqualTo(15);
            assertMetricShape(benchmark.get("primaryMetric"), 15);
            assertThat(benchmark.get("primaryMetric").get("scoreUnit").asText()).isEqualTo("ns/op");
            assertThat(benchmark.get("secondaryMetrics").isObject()).isTrue();
            benchmark.get("secondaryMetrics").forEach(secondary -> assertMetricShape(secondary, -1));
        }
        // What github-action-benchmark's 'jmh' tool reads: name, value (a number) and unit.
        assertThat(document.get(0).get("primaryMetric").get("score").isNumber()).isTrue();
        assertThat(document.get(0).get("secondaryMetrics").fieldNames()).toIterable()
                .containsExactly("server-cpu", "statements", "shared-blocks");
    }

    private static void assertMetricShape(JsonNode metric, int samples) {
        assertThat(metric.get("score").isNumber()).isTrue();
        assertThat(metric.has("scoreError")).isTrue();
        assertThat(metric.get("scoreConfidence")).hasSize(2);
        assertThat(metric.get("scorePercentiles").fieldNames()).toIterable().containsExactlyElementsOf(JMH_PERCENTILES);
        assertThat(metric.get("scoreUnit").isTextual()).isTrue();
        assertThat(metric.get("rawData").isArray()).isTrue();
        assertThat(metric.get("rawData")).hasSize(1);
        if (samples > 0) {
            assertThat(metric.get("rawData").get(0)).hasSize(samples);
        }
    }

    @Test
    void jmhFiguresAreComputedAsJmhComputesThem() {
        final double[] values = {5, 1, 4, 2, 3};

        // Mean 3, standard deviation 1.5811; Student's t at 99.95 % with 4 degrees of freedom is 8.6103.
        assertThat(JmhResults.meanError(values, 3)).isCloseTo(8.6103 * 1.5811388 / Math.sqrt(5), within(1e-3));
        assertThat(JmhResults.meanError(new double[] {1, 2}, 1.5)).isNaN();
        final double[] sorted = {1, 2, 3, 4, 5};
        assertThat(JmhResults.percentile(sorted, 0)).isEqualTo(1);
        assertThat(JmhResults.percentile(sorted, 50)).isEqualTo(3);
        // Position 0.9 * 6 = 5.4 lies past the last value; 25 % of 6 = 1.5 lies between the first two.
        assertThat(JmhResults.percentile(sorted, 90)).isEqualTo(5);
        assertThat(JmhResults.percentile(sorted, 25)).isEqualTo(1.5);
    }

    @Test
    void bencherFileIsBencherMetricFormatWithLatencyForEveryBenchmark() throws Exception {
        final List<BenchmarkResult> results = SyntheticResults.generate(30, 32);
        final JsonNode document = MAPPER.readTree(new BencherResults().render(report(results)));

        assertThat(document.isObject()).isTrue();
        final List<String> names = new ArrayList<>();
        document.fieldNames().forEachRemaining(names::add);
        assertThat(names).containsExactlyElementsOf(results.stream()
                .map(result -> result.id().className() + "." + result.id().key()).toList());
        document.forEach(benchmark -> {
            assertThat(benchmark.has("latency")).isTrue();
            benchmark.fields().forEachRemaining(measure -> {
                // BMF: a measure slug of at most 64 characters, an object with a number "value" and optional bounds.
                assertThat(measure.getKey()).matches("[a-z0-9-]{1,64}");
                assertThat(measure.getValue().get("value").isNumber()).isTrue();
                measure.getValue().fieldNames().forEachRemaining(field ->
                        assertThat(field).isIn("value", "lower_value", "upper_value"));
            });
            final JsonNode latency = benchmark.get("latency");
            assertThat(latency.get("lower_value").asDouble()).isLessThanOrEqualTo(latency.get("value").asDouble());
            assertThat(latency.get("upper_value").asDouble()).isGreaterThanOrEqualTo(latency.get("value").asDouble());
        });
        final JsonNode first = document.get(names.get(0));
        assertThat(first.get("statements").get("value").asDouble()).isEqualTo(1);
        assertThat(first.get("statements").has("lower_value")).isFalse();
    }

    private static Report report(List<BenchmarkResult> results) {
        return Report.of(results, Instant.parse("2026-12-03T10:00:00Z"));
    }
}
