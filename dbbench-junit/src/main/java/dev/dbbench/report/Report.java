package dev.dbbench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.config.Invocation;
import dev.dbbench.evaluate.BenchmarkResult;

/**
 * A run's results as the report formats render them: when the run was recorded, each benchmark's
 * result, and the history of earlier runs to draw beside them. It is exactly what
 * {@code results.json} holds, so a report rendered from files merged from several runners equals
 * one rendered at the end of a single run.
 *
 * @param recordedAt when the run ran, to the second
 * @param invocation how the run was started (its Maven profiles and properties), for the commands
 *     that run its benchmarks again; {@link Invocation#UNKNOWN} in files of earlier versions
 */
public record Report(Instant recordedAt, List<ReportedResult> results, History history, Invocation invocation) {

    /** The version of {@code results.json}; raised when a field changes meaning. */
    static final int SCHEMA = 2;

    public Report {
        recordedAt = recordedAt.truncatedTo(ChronoUnit.SECONDS);
        results = List.copyOf(results);
    }

    public Report(Instant recordedAt, List<ReportedResult> results, History history) {
        this(recordedAt, results, history, Invocation.UNKNOWN);
    }

    /** The report of results that just finished, without history. */
    public static Report of(List<BenchmarkResult> results, Instant recordedAt) {
        return new Report(recordedAt, results.stream().map(ReportedResult::of).toList(), History.none());
    }

    public Report withHistory(History earlier) {
        return new Report(recordedAt, results, earlier, invocation);
    }

    public Report withInvocation(Invocation started) {
        return new Report(recordedAt, results, history, started);
    }

    /** The results that fail the build. */
    public List<ReportedResult> failed() {
        return results.stream().filter(ReportedResult::failed).toList();
    }

    /** The results that only warn. */
    public List<ReportedResult> warned() {
        return results.stream().filter(result -> !result.failed() && result.warned()).toList();
    }

    /** The results that neither fail nor warn but show information: a timing change the counts do not explain. */
    public List<ReportedResult> informed() {
        return results.stream().filter(result -> !result.failed() && !result.warned() && result.informed()).toList();
    }

    /** The results that neither fail, warn nor inform. */
    public List<ReportedResult> passed() {
        return results.stream().filter(result -> !result.failed() && !result.warned() && !result.informed())
                .toList();
    }

    /** The document {@code results.json} holds. */
    ObjectNode toJson() {
        final ObjectNode document = ResultJson.MAPPER.createObjectNode();
        document.put("schema", SCHEMA);
        document.put("recordedAt", recordedAt.toString());
        final ArrayNode array = document.putArray("results");
        results.forEach(result -> array.add(ResultJson.write(result)));
        document.set("invocation", InvocationJson.write(invocation));
        return document;
    }

    /** Reads a {@code results.json} file, such as the one a run wrote into its report directory. */
    public static Report read(Path file) throws IOException {
        final JsonNode document;
        try {
            document = ResultJson.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException(file + " is not JSON: " + e.getMessage(), e);
        }
        if (!isResults(document)) {
            throw new IllegalArgumentException(file + " is not a dbbench results file (no schema and results)");
        }
        return read(document, file.toString());
    }

    /**
     * Reads a {@code results.json} document of this schema.
     *
     * @param source names the document in errors, such as its path
     */
    static Report read(JsonNode document, String source) {
        final JsonFields json = new JsonFields(document, source);
        final double schema = json.number("schema");
        if (schema != SCHEMA) {
            throw new IllegalArgumentException(source + " has results schema " + document.get("schema") + ", but only "
                    + "schema " + SCHEMA + " carries what a merged report needs; it was written by "
                    + (schema < SCHEMA ? "an older" : "a newer") + " dbbench. Run the benchmarks again with this one.");
        }
        final Instant recordedAt;
        try {
            recordedAt = Instant.parse(json.text("recordedAt"));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(source + ".recordedAt is not an ISO-8601 instant: "
                    + document.get("recordedAt"), e);
        }
        final List<ReportedResult> results = new ArrayList<>();
        final JsonNode array = json.array("results");
        for (int i = 0; i < array.size(); i++) {
            results.add(ResultJson.read(array.get(i), json.at("results", i)));
        }
        return new Report(recordedAt, results, History.none(),
                InvocationJson.read(document.get("invocation"), json.at("invocation")));
    }

    /** Whether a JSON document looks like a {@code results.json} of any schema, rather than another file. */
    static boolean isResults(JsonNode document) {
        return document != null && document.isObject() && document.path("schema").isNumber()
                && document.path("results").isArray();
    }
}
