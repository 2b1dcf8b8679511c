package dev.dbbench.metric;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.stats.Summary;
import dev.dbbench.text.Figures;

/**
 * The latency of the calls of a benchmark's client threads: per sample, the p50, p90, p99 and p99.9
 * of its calls, from the clients' HdrHistograms. The p99 is gated: judged as wall time is, a rise is
 * a regression; the other percentiles are shown beside it.
 *
 * <p>Stored as {@code "latency": {threads, p50: [...], p90: [...], p99: {unit: "ns", sampling, summary,
 * samples, ruler, runs}, "p99.9": [...]}}, one figure per sample in nanoseconds.
 */
public final class Latency extends ClientMetric<LatencySamples> {

    private static final TimingsJson.Unit NANOS = new TimingsJson.Unit("ns", DoubleUnaryOperator.identity(),
            DoubleUnaryOperator.identity());
    private static final Set<String> FIELDS = Set.of("threads", "p50", "p90", "p99", "p99.9");

    Latency() {
    }

    @Override
    public String id() {
        return "latency";
    }

    @Override
    public JsonNode write(LatencySamples value) {
        final ObjectNode json = MetricJson.NODES.objectNode();
        json.put("threads", value.threads());
        json.set("p50", MetricJson.perSample(value.p50()));
        json.set("p90", MetricJson.perSample(value.p90()));
        json.set("p99", TimingsJson.write(value.p99(), NANOS));
        json.set("p99.9", MetricJson.perSample(value.p999()));
        return json;
    }

    @Override
    public LatencySamples read(JsonNode json) {
        final int threads = threads(json);
        json.fieldNames().forEachRemaining(name -> {
            if (!FIELDS.contains(name)) {
                throw new InvalidValueException("has the unknown field \"" + name + "\"");
            }
        });
        final double[] p50 = MetricJson.readPerSample(json.get("p50"), "p50");
        final double[] p90 = MetricJson.readPerSample(json.get("p90"), "p90");
        final double[] p999 = MetricJson.readPerSample(json.get("p99.9"), "p99.9");
        final Timings p99;
        try {
            p99 = TimingsJson.read(json.path("p99"), NANOS);
        } catch (InvalidValueException e) {
            throw new InvalidValueException("p99: " + e.getMessage());
        }
        try {
            return new LatencySamples(threads, p50, p90, p99, p999);
        } catch (IllegalArgumentException e) {
            throw new InvalidValueException(e.getMessage());
        }
    }

    @Override
    public LatencySamples pooled(List<LatencySamples> runs) {
        return new LatencySamples(ClientFigure.threadsOf(runs), joined(runs, LatencySamples::p50),
                joined(runs, LatencySamples::p90), Metrics.TIME.pooled(runs.stream().map(LatencySamples::p99).toList()),
                joined(runs, LatencySamples::p999));
    }

    private static double[] joined(List<LatencySamples> runs, Function<LatencySamples, double[]> percentile) {
        return runs.stream().map(percentile).flatMapToDouble(Arrays::stream).toArray();
    }

    @Override
    String figure() {
        return "p99";
    }

    @Override
    String judgedAs() {
        return "each sample's p99 latency";
    }

    @Override
    String format(double nanos) {
        return Figures.duration(nanos);
    }

    @Override
    double ratio(double judged) {
        return judged;
    }

    @Override
    List<ContextLine> details(MetricResult<LatencySamples, TimeAssessment> result) {
        return List.of(percentileLine(result, "p50", LatencySamples::p50),
                percentileLine(result, "p90", LatencySamples::p90),
                percentileLine(result, "p99.9", LatencySamples::p999));
    }

    private static ContextLine percentileLine(MetricResult<LatencySamples, TimeAssessment> result, String name,
            Function<LatencySamples, double[]> percentile) {
        return new ContextLine(name, result.baseline().map(baseline -> median(percentile.apply(baseline)) + " -> ")
                .orElse("") + median(percentile.apply(result.current())));
    }

    private static String median(double[] nanos) {
        return Figures.duration(Summary.of(nanos).median());
    }

    @Override
    public List<String> columns() {
        return List.of("p99");
    }

    @Override
    public List<String> cells(MetricResult<LatencySamples, TimeAssessment> result, MetricResults all) {
        return List.of(format(result.assessment().judgement().current().median()));
    }

    @Override
    public Optional<String> summary(MetricResult<LatencySamples, TimeAssessment> result, MetricResults all) {
        final LatencySamples current = result.current();
        return Optional.of("latency p50 " + median(current.p50()) + ", p90 " + median(current.p90()) + ", p99 "
                + withBaseline(result) + ", p99.9 " + median(current.p999()));
    }

    @Override
    public JsonNode json(MetricResult<LatencySamples, TimeAssessment> result) {
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put("latency", percentiles(result.current()));
        json.put("baselineLatency", result.baseline().map(Latency::percentiles).orElse(null));
        json.put("p99Ratio", result.assessment().judgement().comparison().map(comparison -> comparison.ratio())
                .orElse(null));
        return MetricJson.MAPPER.valueToTree(json);
    }

    /** Each percentile's median over the samples, and the samples, in nanoseconds. */
    private static Map<String, Object> percentiles(LatencySamples value) {
        final Map<String, double[]> samples = new LinkedHashMap<>();
        samples.put("p50", value.p50());
        samples.put("p90", value.p90());
        samples.put("p99", value.p99().nanosPerOp());
        samples.put("p99.9", value.p999());
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put("unit", NANOS.name());
        samples.forEach((name, values) -> json.put(name, Summary.of(values).median()));
        json.put("samples", samples);
        return json;
    }

    @Override
    public List<Measure> measures(MetricResult<LatencySamples, TimeAssessment> result) {
        final Optional<LatencySamples> baseline = result.baseline();
        return List.of(measure("p50", result.current().p50(), baseline.map(LatencySamples::p50)),
                measure("p90", result.current().p90(), baseline.map(LatencySamples::p90)),
                measure("p99", result.current().p99().nanosPerOp(), baseline.map(b -> b.p99().nanosPerOp())),
                measure("p999", result.current().p999(), baseline.map(LatencySamples::p999)));
    }

    private static Measure measure(String name, double[] current, Optional<double[]> baseline) {
        return new Measure(name, NANOS.name(), current, baseline.orElse(new double[0]));
    }
}
