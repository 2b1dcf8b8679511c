package dev.dbbench.metric;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.stats.Summary;
import dev.dbbench.text.Figures;

/**
 * The operations per second of a benchmark's client threads: per sample, the calls all clients
 * completed over the sample's wall time. A drop is a regression. It is judged as wall time is, on
 * its inverse (the clients' wall time per call), so the threshold of {@code +25 %} on that time is a
 * drop in throughput of 20 %.
 *
 * <p>Stored as {@code "throughput": {threads, unit: "ops/s", sampling, summary, samples, ruler, runs}},
 * the samples and run medians in operations per second.
 */
public final class Throughput extends ClientMetric<ThroughputSamples> {

    private static final TimingsJson.Unit OPS_PER_SECOND = new TimingsJson.Unit("ops/s", Throughput::invert,
            Throughput::invert);

    Throughput() {
    }

    /** Operations per second to nanoseconds per call, and back: a billion over the other. */
    static double invert(double value) {
        return 1e9 / value;
    }

    @Override
    public String id() {
        return "throughput";
    }

    @Override
    public JsonNode write(ThroughputSamples value) {
        final ObjectNode json = MetricJson.NODES.objectNode();
        json.put("threads", value.threads());
        json.setAll(TimingsJson.write(value.nanosPerCall(), OPS_PER_SECOND));
        return json;
    }

    @Override
    public ThroughputSamples read(JsonNode json) {
        return new ThroughputSamples(threads(json), TimingsJson.read(without(json, "threads"), OPS_PER_SECOND));
    }

    @Override
    public ThroughputSamples pooled(List<ThroughputSamples> runs) {
        return new ThroughputSamples(ClientFigure.threadsOf(runs),
                Metrics.TIME.pooled(runs.stream().map(ThroughputSamples::nanosPerCall).toList()));
    }

    @Override
    String figure() {
        return "throughput";
    }

    @Override
    String judgedAs() {
        return "the clients' wall time per call, the inverse of throughput";
    }

    @Override
    String format(double nanos) {
        return Figures.rate(invert(nanos));
    }

    @Override
    double ratio(double judged) {
        return 1 / judged;
    }

    @Override
    public List<String> columns() {
        return List.of("clients", "throughput");
    }

    @Override
    public List<String> cells(MetricResult<ThroughputSamples, TimeAssessment> result, MetricResults all) {
        return List.of(String.valueOf(result.current().threads()),
                format(result.assessment().judgement().current().median()));
    }

    @Override
    public Optional<String> summary(MetricResult<ThroughputSamples, TimeAssessment> result, MetricResults all) {
        return Optional.of(result.current().threads() + " clients, " + withBaseline(result));
    }

    @Override
    public JsonNode json(MetricResult<ThroughputSamples, TimeAssessment> result) {
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put("threads", result.current().threads());
        json.put("throughput", rates(result.current()));
        json.put("baselineThroughput", result.baseline().map(Throughput::rates).orElse(null));
        json.put("throughputRatio", result.assessment().judgement().comparison()
                .map(comparison -> ratio(comparison.ratio())).orElse(null));
        return MetricJson.MAPPER.valueToTree(json);
    }

    /** A throughput's median, slowest and fastest sample, and its samples, in operations per second. */
    private static Map<String, Object> rates(ThroughputSamples value) {
        final Summary perCall = value.nanosPerCall().summary();
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put("unit", OPS_PER_SECOND.name());
        json.put("median", invert(perCall.median()));
        json.put("min", invert(perCall.max()));
        json.put("max", invert(perCall.min()));
        json.put("samples", value.opsPerSecond());
        return json;
    }

    @Override
    public List<Measure> measures(MetricResult<ThroughputSamples, TimeAssessment> result) {
        return List.of(new Measure("throughput", OPS_PER_SECOND.name(), result.current().opsPerSecond(),
                result.baseline().map(ThroughputSamples::opsPerSecond).orElse(new double[0])));
    }
}
