package dev.dbbench.metric;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.stats.Summary;
import dev.dbbench.text.Figures;

/**
 * The bytes the thread running the body allocated per operation in each timed sample (the JVM's
 * per-thread allocation counter, as JMH's {@code gc.alloc.rate.norm}): a body that starts building
 * heavy objects per row shows here whatever the machine's speed. The median may rise by
 * {@code dbbench.tolerance.allocations-percent}. Stored as {@code "allocations": [...]}, one figure
 * per sample.
 */
public final class Allocations extends ExactMetric<double[]> {

    /** Bytes per operation an allocation may gain before the tolerance counts at all. */
    static final long MIN_BYTES = 256;

    Allocations() {
    }

    @Override
    public String id() {
        return "allocations";
    }

    @Override
    public JsonNode write(double[] value) {
        return MetricJson.perSample(value);
    }

    @Override
    public double[] read(JsonNode json) {
        return MetricJson.readPerSample(json, "allocations");
    }

    @Override
    public FindingsAssessment assess(double[] current, Optional<double[]> baseline, Judging context) {
        if (baseline.isEmpty()) {
            return FindingsAssessment.of(List.of(), false);
        }
        final List<Finding> findings = new ArrayList<>();
        Counts.compare(findings, "-", "bytes allocated per operation (median)", median(baseline.get()),
                median(current), context.tolerances().allocationsPercent() / 100, MIN_BYTES);
        return FindingsAssessment.of(findings, true);
    }

    private static long median(double[] bytesPerOp) {
        return Math.round(Summary.of(bytesPerOp).median());
    }

    @Override
    public List<String> columns() {
        return List.of("alloc/op");
    }

    @Override
    public List<String> cells(MetricResult<double[], FindingsAssessment> result, MetricResults all) {
        return List.of(Figures.bytes(median(result.current())));
    }

    @Override
    public Optional<String> summary(MetricResult<double[], FindingsAssessment> result, MetricResults all) {
        return Optional.of("allocated " + Figures.bytes(median(result.current())) + "/op");
    }

    @Override
    public Optional<ContextLine> context(MetricResult<double[], FindingsAssessment> result, MetricResults all) {
        return Optional.of(new ContextLine("allocated", result.baseline()
                .map(before -> Figures.bytes(median(before)) + " -> ").orElse("")
                + Figures.bytes(median(result.current())) + " per operation"));
    }

    @Override
    public Optional<MetricMessage> message(MetricResult<double[], FindingsAssessment> result, MetricResults all,
            Subject subject) {
        return FindingsAssessment.message(result.assessment(), "ALLOCATION", "the JVM's count of the bytes the"
                + " benchmark's thread allocated, median of the samples", subject);
    }

    @Override
    public JsonNode json(MetricResult<double[], FindingsAssessment> result) {
        final ObjectNode json = MetricJson.NODES.objectNode();
        json.put("allocatedBytesPerOp", median(result.current()));
        json.set("baselineAllocatedBytesPerOp", result.baseline()
                .map(before -> (JsonNode) MetricJson.NODES.numberNode(median(before)))
                .orElse(MetricJson.NODES.nullNode()));
        json.set("allocationFindings", result.assessment().json());
        return json;
    }

    /** Bytes the body allocated per call, one value per sample. */
    @Override
    public List<Measure> measures(MetricResult<double[], FindingsAssessment> result) {
        return List.of(new Measure("allocated-bytes", "bytes/op", result.current(),
                result.baseline().orElse(new double[0])));
    }
}
