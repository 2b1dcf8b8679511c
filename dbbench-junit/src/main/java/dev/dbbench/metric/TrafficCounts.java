package dev.dbbench.metric;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.engine.Traffic;
import dev.dbbench.text.Figures;

/**
 * What one call of the body said to the server, counted on the client's side during the untimed
 * capture call: requests by name (each SQL statement's text, each MongoDB command's name), round
 * trips, documents returned (MongoDB), and bytes each way. Requests, round trips and documents are
 * exact; bytes may rise by {@code dbbench.tolerance.bytes-percent}. Stored as
 * {@code "traffic": {requests, roundTrips, documents, bytesSent, bytesReceived}}.
 */
public final class TrafficCounts extends ExactMetric<Traffic> {

    /** Bytes a call may gain before the tolerance counts at all: a parameter or a name one digit longer. */
    static final long MIN_BYTES = 64;

    TrafficCounts() {
    }

    @Override
    public String id() {
        return "traffic";
    }

    @Override
    public JsonNode write(Traffic value) {
        return MetricJson.tree(value);
    }

    @Override
    public Traffic read(JsonNode json) {
        final Traffic traffic = MetricJson.read(json, Traffic.class);
        if (traffic.roundTrips() < 0 || traffic.documents() < 0 || traffic.bytesSent() < 0
                || traffic.bytesReceived() < 0 || traffic.requests().values().stream().anyMatch(count -> count < 1)) {
            throw new InvalidValueException("counts must be zero or more, and each request counted at least once");
        }
        return traffic;
    }

    @Override
    public FindingsAssessment assess(Traffic current, Optional<Traffic> baseline, Judging context) {
        if (baseline.isEmpty()) {
            return FindingsAssessment.of(List.of(), false);
        }
        final Traffic before = baseline.get();
        final List<Finding> findings = new ArrayList<>();
        final TreeSet<String> requests = new TreeSet<>(before.requests().keySet());
        requests.addAll(current.requests().keySet());
        for (String request : requests) {
            Counts.compare(findings, request, "executions per call", before.requests().getOrDefault(request, 0L),
                    current.requests().getOrDefault(request, 0L), 0, 0);
        }
        Counts.compare(findings, "-", "round trips per call", before.roundTrips(), current.roundTrips(), 0, 0);
        Counts.compare(findings, "-", "documents returned per call", before.documents(), current.documents(), 0, 0);
        final double tolerance = context.tolerances().bytesPercent() / 100;
        Counts.compare(findings, "-", "bytes sent per call", before.bytesSent(), current.bytesSent(), tolerance,
                MIN_BYTES);
        Counts.compare(findings, "-", "bytes received per call", before.bytesReceived(), current.bytesReceived(),
                tolerance, MIN_BYTES);
        return FindingsAssessment.of(findings, true);
    }

    @Override
    public List<String> columns() {
        return List.of("requests", "bytes");
    }

    @Override
    public List<String> cells(MetricResult<Traffic, FindingsAssessment> result, MetricResults all) {
        final Traffic traffic = result.current();
        return List.of(Long.toString(requests(traffic)),
                Figures.bytes(traffic.bytesSent() + traffic.bytesReceived()));
    }

    @Override
    public Optional<String> summary(MetricResult<Traffic, FindingsAssessment> result, MetricResults all) {
        final Traffic traffic = result.current();
        return Optional.of("traffic " + requests(traffic) + " request(s), " + traffic.roundTrips()
                + " round trip(s), " + Figures.bytes(traffic.bytesSent()) + " sent, "
                + Figures.bytes(traffic.bytesReceived()) + " received" + (traffic.documents() > 0
                        ? ", " + traffic.documents() + " document(s)" : ""));
    }

    private static long requests(Traffic traffic) {
        return traffic.requests().values().stream().mapToLong(Long::longValue).sum();
    }

    @Override
    public Optional<ContextLine> context(MetricResult<Traffic, FindingsAssessment> result, MetricResults all) {
        return result.baseline().map(before -> new ContextLine("traffic", requests(before) + " -> "
                + requests(result.current()) + " request(s), " + Figures.bytes(before.bytesReceived()) + " -> "
                + Figures.bytes(result.current().bytesReceived()) + " received per call"));
    }

    @Override
    public Optional<String> message(MetricResult<Traffic, FindingsAssessment> result, MetricResults all,
            Subject subject) {
        return FindingsAssessment.message(result.assessment(), "TRAFFIC", "requests, round trips and bytes of one"
                + " untimed call, counted on the client's side, no statistics involved", subject);
    }

    @Override
    public JsonNode json(MetricResult<Traffic, FindingsAssessment> result) {
        final ObjectNode json = MetricJson.NODES.objectNode();
        json.set("traffic", MetricJson.tree(result.current()));
        json.set("baselineTraffic", result.baseline().map(MetricJson::tree).orElse(MetricJson.NODES.nullNode()));
        json.set("trafficFindings", result.assessment().json());
        return json;
    }

    /** Round trips and bytes on the wire (sent and received) per call of the body. */
    @Override
    public List<Measure> measures(MetricResult<Traffic, FindingsAssessment> result) {
        final Optional<Traffic> baseline = result.baseline();
        return List.of(
                Measure.exact("round-trips", "round trips/op", result.current().roundTrips(),
                        baseline.map(traffic -> OptionalDouble.of(traffic.roundTrips())).orElse(OptionalDouble.empty())),
                Measure.exact("wire-bytes", "bytes/op", wireBytes(result.current()),
                        baseline.map(traffic -> OptionalDouble.of(wireBytes(traffic))).orElse(OptionalDouble.empty())));
    }

    private static double wireBytes(Traffic traffic) {
        return traffic.bytesSent() + traffic.bytesReceived();
    }
}
