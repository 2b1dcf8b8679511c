package dev.dbbench.baseline;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;

/**
 * Reads and writes baseline files: pretty-printed JSON with a fixed key order, one line per sample
 * array, so a changed baseline reviews well as a diff.
 */
public final class BaselineCodec {

    private final ObjectMapper mapper = JsonMapper.builder()
            .addModule(plainNumbers())
            .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    private final ObjectWriter writer = mapper.writer(new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n")));

    /**
     * Writes doubles in plain notation ({@code 131628269.4}, not {@code 1.316282694E8}): baselines are
     * read by people in diffs, and nanosecond figures would otherwise almost all be in E notation.
     */
    private static SimpleModule plainNumbers() {
        final SimpleModule module = new SimpleModule("dbbench-plain-numbers");
        module.addSerializer(Double.class, new StdSerializer<>(Double.class) {
            @Override
            public void serialize(Double value, JsonGenerator generator, SerializerProvider provider) throws IOException {
                writePlain(value, generator);
            }
        });
        module.addSerializer(Double.TYPE, new StdSerializer<>(Double.TYPE) {
            @Override
            public void serialize(Double value, JsonGenerator generator, SerializerProvider provider) throws IOException {
                writePlain(value, generator);
            }
        });
        module.addSerializer(double[].class, new StdSerializer<>(double[].class) {
            @Override
            public void serialize(double[] values, JsonGenerator generator, SerializerProvider provider)
                    throws IOException {
                generator.writeStartArray(values, values.length);
                for (double value : values) {
                    writePlain(value, generator);
                }
                generator.writeEndArray();
            }
        });
        return module;
    }

    private static void writePlain(double value, JsonGenerator generator) throws IOException {
        if (!Double.isFinite(value)) {
            throw new IOException("cannot store " + value + " in a baseline file");
        }
        generator.writeNumber(BigDecimal.valueOf(value).stripTrailingZeros().toPlainString());
    }

    /** The file's text, ending in a newline. */
    public byte[] encode(BaselineFile file) {
        try {
            return (writer.writeValueAsString(file) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode baselines of " + file.className(), e);
        }
    }

    /**
     * Parses a file's bytes.
     *
     * @param path only named in error messages
     * @throws BaselineException when the bytes are not a baseline file of a schema this build reads
     */
    public BaselineFile decode(byte[] bytes, Path path) {
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
        if (schema.asInt() != BaselineFile.SCHEMA) {
            throw new BaselineException(path + " has schema version " + schema.asText() + " but this dbbench reads only"
                    + " version " + BaselineFile.SCHEMA + ". Use the dbbench version that wrote it, or re-record it"
                    + " with -Ddbbench.baseline.mode=update after deleting it. The file was not changed.");
        }
        final BaselineFile file;
        try {
            file = mapper.treeToValue(tree, BaselineFile.class);
        } catch (IOException e) {
            throw invalid(path, describe(e));
        }
        validate(file, path);
        return file;
    }

    /** What the JSON mapping lets through but a baseline never holds: null entries or values, other units. */
    private static void validate(BaselineFile file, Path path) {
        for (Map.Entry<String, BaselineEntry> benchmark : file.benchmarks().entrySet()) {
            final String where = "benchmarks.\"" + benchmark.getKey() + "\"";
            final BaselineEntry entry = benchmark.getValue();
            if (entry == null) {
                throw invalid(path, where + " is null");
            }
            if (!BaselineEntry.UNIT.equals(entry.unit())) {
                throw invalid(path, where + ".unit must be \"" + BaselineEntry.UNIT + "\" but was \"" + entry.unit() + "\"");
            }
            if (entry.samples().length == 0) {
                throw invalid(path, where + ".samples is empty");
            }
            if (entry.serverCpu().length != 0 && entry.serverCpu().length != entry.samples().length) {
                throw invalid(path, where + ".serverCpu has " + entry.serverCpu().length + " values for "
                        + entry.samples().length + " samples");
            }
            entry.ruler().forEach((key, value) -> {
                if (value == null || value <= 0) {
                    throw invalid(path, where + ".ruler.\"" + key + "\" must be a positive number");
                }
            });
            entry.environment().forEach((key, value) -> {
                if (value == null) {
                    throw invalid(path, where + ".environment.\"" + key + "\" is null");
                }
            });
        }
    }

    private static BaselineException invalid(Path path, String reason) {
        return new BaselineException(path + " is not a valid dbbench baseline file: " + reason + ". The file was not"
                + " changed; restore it from version control (git checkout -- " + path + ") or delete it to record"
                + " its benchmarks anew.");
    }

    private static String describe(IOException e) {
        if (e instanceof JsonProcessingException) {
            final JsonProcessingException json = (JsonProcessingException) e;
            final JsonLocation location = json.getLocation();
            final String where = location == null || location.getLineNr() < 0
                    ? ""
                    : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
            return json.getOriginalMessage() + where;
        }
        return e.getMessage();
    }
}
