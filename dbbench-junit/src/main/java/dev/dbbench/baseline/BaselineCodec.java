package dev.dbbench.baseline;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.metric.InvalidValueException;
import dev.dbbench.metric.Metric;
import dev.dbbench.metric.MetricJson;
import dev.dbbench.metric.MetricValues;
import dev.dbbench.metric.Metrics;

/**
 * Reads and writes baseline files: pretty-printed JSON with a fixed key order, one line per sample
 * array, so a changed baseline reviews well as a diff. Each entry holds {@code method},
 * {@code target}, {@code recordedAt}, then one key per metric (as the metric writes its value), then
 * {@code environment}. Files of the previous schema are read and rewritten in the current one.
 */
public final class BaselineCodec {

    private static final List<String> ENTRY_FIELDS = List.of("method", "target", "recordedAt", "environment");
    /** The wall-time fields schema 1 kept at an entry's top level, which schema 2 keeps under {@code time}. */
    private static final List<String> SCHEMA_1_TIME_FIELDS = List.of("unit", "sampling", "summary", "samples", "ruler");

    private final ObjectMapper mapper = JsonMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();

    private final ObjectWriter writer = mapper.writer(new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n")));

    /** The file's text, ending in a newline. */
    public byte[] encode(BaselineFile file) {
        final JsonNodeFactory nodes = JsonNodeFactory.instance;
        final ObjectNode root = nodes.objectNode();
        root.put("schema", BaselineFile.SCHEMA);
        root.put("class", file.className());
        final ObjectNode benchmarks = root.putObject("benchmarks");
        file.benchmarks().forEach((key, entry) -> {
            final ObjectNode json = benchmarks.putObject(key);
            json.put("method", entry.method());
            json.put("target", entry.target());
            json.put("recordedAt", entry.recordedAt());
            for (Metric<?, ?> metric : entry.metrics().metrics()) {
                json.set(metric.id(), write(metric, entry.metrics()));
            }
            final ObjectNode environment = json.putObject("environment");
            entry.environment().forEach(environment::put);
        });
        try {
            return (writer.writeValueAsString(root) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode baselines of " + file.className(), e);
        }
    }

    private static <V> JsonNode write(Metric<V, ?> metric, MetricValues values) {
        return MetricJson.plain(metric.write(values.get(metric).orElseThrow()));
    }

    /**
     * Parses a file's bytes.
     *
     * @param path only named in error messages
     * @throws BaselineException when the bytes are not a baseline file of a schema this build reads
     */
    public BaselineFile decode(byte[] bytes, Path path) {
        if (hasConflictMarkers(bytes)) {
            throw new BaselineException(path + " holds git's merge-conflict markers (<<<<<<< ... >>>>>>>): two"
                    + " branches changed the same entries differently. Keep one version of each entry between the"
                    + " markers and delete the markers, or take one branch's file (git checkout --ours -- " + path
                    + ") and record the other branch's benchmarks again with -Ddbbench.baseline.mode=update. The"
                    + " file was not changed.");
        }
        final JsonNode tree;
        try {
            tree = mapper.readTree(bytes);
        } catch (IOException e) {
            throw invalid(path, describe(e));
        }
        if (tree == null || !tree.isObject()) {
            throw invalid(path, "it holds no JSON object");
        }
        final JsonNode schema = tree.get("schema");
        if (schema == null || !schema.canConvertToExactIntegral()) {
            throw invalid(path, "it has no integer \"schema\" field");
        }
        if (schema.asInt() != 1 && schema.asInt() != BaselineFile.SCHEMA) {
            throw new BaselineException(path + " has schema version " + schema.asText() + " but this dbbench reads only"
                    + " versions 1 and " + BaselineFile.SCHEMA + ". Use the dbbench version that wrote it, or re-record"
                    + " it with -Ddbbench.baseline.mode=update after deleting it. The file was not changed.");
        }
        unexpectedFields(tree, List.of("schema", "class", "benchmarks"), path, "the file");
        final JsonNode className = tree.get("class");
        if (className == null || !className.isTextual()) {
            throw invalid(path, "it has no 'class' field naming the test class");
        }
        final JsonNode benchmarks = tree.get("benchmarks");
        if (benchmarks == null || !benchmarks.isObject()) {
            throw invalid(path, "it has no 'benchmarks' object");
        }
        final SortedMap<String, BaselineEntry> entries = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> fields = benchmarks.fields(); fields.hasNext();) {
            final Map.Entry<String, JsonNode> field = fields.next();
            final String where = "benchmarks.\"" + field.getKey() + "\"";
            final JsonNode entry = schema.asInt() == 1 ? fromSchema1(field.getValue()) : field.getValue();
            entries.put(field.getKey(), entry(entry, path, where));
        }
        return new BaselineFile(schema.asInt(), className.asText(), entries);
    }

    private static boolean hasConflictMarkers(byte[] bytes) {
        final String text = new String(bytes, StandardCharsets.UTF_8);
        return text.startsWith("<<<<<<< ") || text.contains("\n<<<<<<< ") || text.contains("\n>>>>>>> ");
    }

    private static BaselineEntry entry(JsonNode json, Path path, String where) {
        if (json == null || !json.isObject()) {
            throw invalid(path, where + " is " + (json == null || json.isNull() ? "null" : "not an object"));
        }
        MetricValues metrics = MetricValues.empty();
        for (Iterator<String> names = json.fieldNames(); names.hasNext();) {
            final String name = names.next();
            if (ENTRY_FIELDS.contains(name)) {
                continue;
            }
            final Metric<?, ?> metric = Metrics.byId(name).orElseThrow(() -> invalid(path, where + " has the field \""
                    + name + "\", which is not a metric this dbbench knows (a newer version may have written it)"));
            metrics = read(metric, json.get(name), metrics, path, where + "." + name);
        }
        if (!metrics.get(Metrics.TIME).isPresent()) {
            throw invalid(path, where + " has no \"time\"");
        }
        final SortedMap<String, String> environment = new TreeMap<>();
        final JsonNode facts = json.get("environment");
        if (facts == null || !facts.isObject()) {
            throw invalid(path, where + ".environment must be an object of texts");
        }
        facts.fields().forEachRemaining(fact -> {
            if (!fact.getValue().isTextual()) {
                throw invalid(path, where + ".environment.\"" + fact.getKey() + "\" is " + (fact.getValue().isNull()
                        ? "null" : "not a text but " + fact.getValue()));
            }
            environment.put(fact.getKey(), fact.getValue().asText());
        });
        return new BaselineEntry(text(json, "method", path, where), text(json, "target", path, where),
                text(json, "recordedAt", path, where), metrics, environment);
    }

    private static <V> MetricValues read(Metric<V, ?> metric, JsonNode json, MetricValues values, Path path,
            String where) {
        try {
            return values.with(metric, metric.read(json));
        } catch (InvalidValueException e) {
            throw invalid(path, where + ": " + e.getMessage());
        }
    }

    private static String text(JsonNode entry, String field, Path path, String where) {
        final JsonNode value = entry.get(field);
        if (value == null || !value.isTextual()) {
            throw invalid(path, where + "." + field + " must be a text");
        }
        return value.asText();
    }

    /**
     * A schema-1 entry in the schema-2 layout: its wall-time fields gathered under {@code time}, and
     * an empty {@code serverCpu}, which schema 1 wrote where nothing was measured, left out.
     */
    private static JsonNode fromSchema1(JsonNode entry) {
        if (entry == null || !entry.isObject()) {
            return entry;
        }
        final ObjectNode migrated = JsonNodeFactory.instance.objectNode();
        final ObjectNode time = JsonNodeFactory.instance.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> fields = entry.fields(); fields.hasNext();) {
            final Map.Entry<String, JsonNode> field = fields.next();
            if (SCHEMA_1_TIME_FIELDS.contains(field.getKey())) {
                time.set(field.getKey(), field.getValue());
            } else if (!(field.getKey().equals("serverCpu") && field.getValue().isArray()
                    && field.getValue().isEmpty())) {
                migrated.set(field.getKey(), field.getValue());
            }
        }
        migrated.set("time", time);
        return migrated;
    }

    private static void unexpectedFields(JsonNode object, List<String> allowed, Path path, String where) {
        object.fieldNames().forEachRemaining(name -> {
            if (!allowed.contains(name)) {
                throw invalid(path, where + " has the unknown field \"" + name + "\"");
            }
        });
    }

    private static BaselineException invalid(Path path, String reason) {
        return new BaselineException(path + " is not a valid dbbench baseline file: " + reason + ". The file was not"
                + " changed; restore it from version control (git checkout -- " + path + ") or delete it to record"
                + " its benchmarks anew.");
    }

    private static String describe(IOException e) {
        if (e instanceof JsonProcessingException json) {
            final JsonLocation location = json.getLocation();
            final String where = location == null || location.getLineNr() < 0
                    ? ""
                    : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
            return json.getOriginalMessage() + where;
        }
        return e.getMessage();
    }
}
