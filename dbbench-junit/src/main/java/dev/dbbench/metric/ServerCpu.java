package dev.dbbench.metric;

import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.stats.Summary;
import dev.dbbench.text.Figures;
import dev.dbbench.verdict.Verdict;

/**
 * The CPU time the server's backend spent on each timed sample, per operation (PostgreSQL, where
 * the server lets the connection read its own schedstat). Informational: shown beside wall time,
 * never failing, since a slowdown whose server CPU did not move is the client's or the network's.
 * Stored as {@code "serverCpu": [...]}, one figure per sample.
 */
public final class ServerCpu implements Metric<double[], NoteAssessment> {

    ServerCpu() {
    }

    @Override
    public String id() {
        return "serverCpu";
    }

    @Override
    public Gating gating() {
        return Gating.INFORMATIONAL;
    }

    @Override
    public JsonNode write(double[] value) {
        return MetricJson.perSample(value);
    }

    @Override
    public double[] read(JsonNode json) {
        return MetricJson.readPerSample(json, "serverCpu");
    }

    @Override
    public NoteAssessment assess(double[] current, Optional<double[]> baseline, Judging context) {
        final String now = Figures.duration(Summary.of(current).median());
        return baseline.map(before -> new NoteAssessment(Verdict.PASS, "server CPU "
                        + Figures.duration(Summary.of(before).median()) + " -> " + now))
                .orElseGet(() -> new NoteAssessment(Verdict.NEW, "server CPU " + now + "; no baseline reading"));
    }

    @Override
    public Optional<String> summary(MetricResult<double[], NoteAssessment> result, MetricResults all) {
        return Optional.of("server CPU " + withShare(result, all));
    }

    @Override
    public Optional<ContextLine> context(MetricResult<double[], NoteAssessment> result, MetricResults all) {
        return Optional.of(new ContextLine("server CPU", result.baseline()
                .map(before -> Figures.duration(Summary.of(before).median()) + " -> " + withShare(result, all))
                .orElse(withShare(result, all) + "; the baseline has no server CPU reading")));
    }

    /** The median server CPU time per operation and its share of the median wall time. */
    private static String withShare(MetricResult<double[], NoteAssessment> result, MetricResults all) {
        final double median = Summary.of(result.current()).median();
        return Figures.duration(median) + all.current(Metrics.TIME)
                .map(time -> " (" + Figures.percent(median / time.summary().median()) + " of wall)").orElse("");
    }

    @Override
    public JsonNode json(MetricResult<double[], NoteAssessment> result) {
        final ObjectNode json = MetricJson.NODES.objectNode();
        json.set("serverCpu", MetricJson.MAPPER.valueToTree(Summary.of(result.current())));
        json.set("baselineServerCpu", result.baseline().map(before -> (JsonNode) MetricJson.MAPPER.valueToTree(
                Summary.of(before))).orElse(MetricJson.NODES.nullNode()));
        json.set("serverCpuSamples", MetricJson.MAPPER.valueToTree(result.current()));
        return json;
    }

    @Override
    public List<Measure> measures(MetricResult<double[], NoteAssessment> result) {
        return List.of(new Measure("server-cpu", WallTime.UNIT, result.current(),
                result.baseline().orElse(new double[0])));
    }

    @Override
    public String toString() {
        return id();
    }
}
