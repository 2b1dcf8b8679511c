package dev.dbbench.metric;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeSet;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.engine.Traffic;
import dev.dbbench.env.HostFingerprint;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.text.Figures;
import dev.dbbench.text.SqlText;

/**
 * What one call of the body said to the server, counted on the client's side during the untimed
 * capture call: requests by name (each SQL statement's text, each MongoDB command's shape), round
 * trips, documents returned (MongoDB), and bytes each way. Requests, round trips and documents are
 * exact; bytes may rise by {@code dbbench.tolerance.bytes-percent}. Statements are compared by their
 * normalized text ({@link SqlText}), MongoDB commands by their shape. A call whose work dbbench did not see (statements the server ran
 * on connections it does not see) or that sent nothing fails in CI and warns elsewhere. Stored as
 * {@code "traffic": {requests, roundTrips, documents, bytesSent, bytesReceived[, unseen]}}.
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
        final Traffic traffic = MetricJson.read(withUnseen(json), Traffic.class);
        if (traffic.roundTrips() < 0 || traffic.documents() < 0 || traffic.bytesSent() < 0
                || traffic.bytesReceived() < 0 || traffic.requests().values().stream().anyMatch(count -> count < 1)) {
            throw new InvalidValueException("counts must be zero or more, and each request counted at least once");
        }
        return traffic;
    }

    /** The stored value with its count of unseen statements, which is left out when zero. */
    private static JsonNode withUnseen(JsonNode json) {
        if (!json.isObject() || json.has("unseen")) {
            return json;
        }
        final ObjectNode complete = ((ObjectNode) json).deepCopy();
        complete.put("unseen", 0);
        return complete;
    }

    @Override
    public FindingsAssessment assess(Traffic current, Optional<Traffic> baseline, Judging context) {
        final List<Finding> findings = new ArrayList<>(unseen(current, context));
        if (baseline.isEmpty()) {
            return FindingsAssessment.of(findings, false);
        }
        final Traffic before = baseline.get();
        final Function<String, String> same = namesOnly(context.engine(), before) ? TrafficCounts::commandName
                : request -> identity(request, context.engine());
        final Map<String, Long> beforeRequests = byRequest(before.requests(), same);
        final Map<String, Long> currentRequests = byRequest(current.requests(), same);
        final Map<String, String> texts = new HashMap<>();
        before.requests().keySet().forEach(text -> texts.put(same.apply(text), text));
        current.requests().keySet().forEach(text -> texts.put(same.apply(text), text));
        final TreeSet<String> requests = new TreeSet<>(beforeRequests.keySet());
        requests.addAll(currentRequests.keySet());
        for (String request : requests) {
            Counts.compare(findings, texts.get(request), "executions per call", beforeRequests.getOrDefault(request, 0L),
                    currentRequests.getOrDefault(request, 0L), 0, 0);
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

    /**
     * Whether a MongoDB baseline names its commands by name alone ({@code find}), as dbbench recorded
     * them before commands were told apart by their shape; such a baseline is compared by name.
     */
    private static boolean namesOnly(EngineKind engine, Traffic baseline) {
        return engine == EngineKind.MONGODB && !baseline.requests().isEmpty()
                && baseline.requests().keySet().stream().noneMatch(name -> name.contains(" "));
    }

    /**
     * Requests by their identity ({@link #identity}), executions of the same request summed: a changed
     * literal is the same statement, in a baseline written before statements were told apart so too.
     */
    public static Map<String, Long> byRequest(Map<String, Long> requests, EngineKind engine) {
        return byRequest(requests, request -> identity(request, engine));
    }

    private static Map<String, Long> byRequest(Map<String, Long> requests, Function<String, String> same) {
        final Map<String, Long> merged = new HashMap<>();
        requests.forEach((text, count) -> merged.merge(same.apply(text), count, Long::sum));
        return merged;
    }

    /**
     * What makes two requests the same: a SQL statement's normalized text ({@link SqlText}); a MongoDB
     * command's shape as captured, its literals already left out.
     */
    public static String identity(String request, EngineKind engine) {
        return engine == EngineKind.MONGODB ? request : SqlText.normalized(request);
    }

    /** A MongoDB command's name, the first word of its shape. */
    private static String commandName(String shape) {
        final int space = shape.indexOf(' ');
        return space < 0 ? shape : shape.substring(0, space);
    }

    /**
     * What the call did that dbbench did not see, or that it saw nothing of: a failure in CI, where counts
     * decide, else a warning; the counts of such a call would pass a regression unnoticed.
     */
    private static List<Finding> unseen(Traffic current, Judging context) {
        final boolean inCi = "true".equals(context.environment().get(HostFingerprint.CI));
        final Finding.Kind kind = inCi ? Finding.Kind.UNSEEN_WORK : Finding.Kind.UNSEEN_WORK_WARNING;
        final boolean mongo = context.engine() == EngineKind.MONGODB;
        final String advice = mongo ? UNSEEN_COMMANDS : UNSEEN;
        if (current.unseen() > 0) {
            return List.of(new Finding(kind, "-", current.unseen() + (mongo
                    ? " command(s) reached the class's database during the call from clients dbbench does not see: "
                    : " statement(s) ran on the database during the call on connections dbbench does not see: ")
                    + advice));
        }
        if (current.empty()) {
            return List.of(new Finding(kind, "-", "the call sent nothing to its database, so every count is zero and"
                    + " gates nothing: a cache served it (the application's @Cacheable, a second-level cache), a lazy"
                    + " proxy was never touched, or its work went through a client dbbench does not see. " + advice));
        }
        return List.of();
    }

    /** Why work goes unseen, and what to do. */
    static final String UNSEEN = "dbbench counts, explains and counts under callgrind what goes through the"
            + " connections it hands out, on any thread. Route the work through them: declare a Connection or"
            + " DataSource parameter, give the application's pool the URL jdbc:dbbench:postgresql (any pool, or"
            + " DriverManager), or with Spring Boot add dbbench-spring (the application's own pool then uses the"
            + " class's database through dbbench); connections opened by the database's plain URL (JdbcDatabase)"
            + " are not seen";

    /** Why MongoDB commands go unseen, and what to do. */
    static final String UNSEEN_COMMANDS = "dbbench counts the commands of the clients it gives out (a MongoDatabase,"
            + " MongoClient or MongoCollection parameter) and, with dbbench-spring, of a Spring Boot application's own"
            + " MongoClient; a client the code builds itself from a connection string is not seen. Use one of those,"
            + " or a call served without the database (a cache) sends nothing at all";

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
                        ? ", " + traffic.documents() + " document(s)" : "")
                + (traffic.unseen() > 0 ? ", " + traffic.unseen() + " statement(s) unseen" : ""));
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
    public Optional<MetricMessage> message(MetricResult<Traffic, FindingsAssessment> result, MetricResults all,
            Subject subject) {
        final boolean onlyUnseen = result.assessment().findings().stream().allMatch(finding ->
                finding.kind() == Finding.Kind.UNSEEN_WORK || finding.kind() == Finding.Kind.UNSEEN_WORK_WARNING);
        return FindingsAssessment.message(result.assessment(), "TRAFFIC", onlyUnseen ? "NOT CAPTURED" : "REGRESSION",
                "requests, round trips and bytes of one untimed call, counted on the client's side, no statistics"
                        + " involved", subject);
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
