package dev.dbbench.metric;

import java.math.BigDecimal;
import java.util.Iterator;
import java.util.Map;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The JSON conventions metrics share: a strict mapper for reading (no unknown, missing or null
 * fields), and numbers written in plain notation ({@code 131628269.4}, never {@code 1.316282694E8}),
 * since baselines are read by people in diffs.
 */
public final class MetricJson {

    /** Strict: a field a value never has, or a missing one, is an error rather than a default. */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private MetricJson() {
    }

    /** A record or list as a tree with plain numbers. */
    static JsonNode tree(Object value) {
        return plain(MAPPER.valueToTree(value));
    }

    /** A number in plain notation, trailing zeros dropped. */
    static JsonNode number(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("cannot store " + value + " in a baseline file");
        }
        return NODES.numberNode(new BigDecimal(BigDecimal.valueOf(value).stripTrailingZeros().toPlainString()));
    }

    static ArrayNode numbers(double[] values) {
        final ArrayNode array = NODES.arrayNode(values.length);
        for (double value : values) {
            array.add(number(value));
        }
        return array;
    }

    /** The tree with every floating-point number rewritten in plain notation. */
    public static JsonNode plain(JsonNode node) {
        if (node.isFloatingPointNumber()) {
            return number(node.doubleValue());
        }
        if (node.isArray()) {
            final ArrayNode array = NODES.arrayNode(node.size());
            node.forEach(element -> array.add(plain(element)));
            return array;
        }
        if (node.isObject()) {
            final ObjectNode object = NODES.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext();) {
                final Map.Entry<String, JsonNode> field = fields.next();
                object.set(field.getKey(), plain(field.getValue()));
            }
            return object;
        }
        return node;
    }

    /** Reads a value of a record type, strictly; a mismatch names the field. */
    static <T> T read(JsonNode json, Class<T> type) {
        try {
            return MAPPER.treeToValue(json, type);
        } catch (Exception e) {
            throw new InvalidValueException(describe(e));
        }
    }

    /** One figure per sample, rounded to a tenth, below any meaningful digit of a time or a byte count. */
    static JsonNode perSample(double[] values) {
        final double[] rounded = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            rounded[i] = Math.round(values[i] * 10) / 10.0;
        }
        return numbers(rounded);
    }

    /** One figure of zero or more per sample; an empty array is left out rather than stored. */
    static double[] readPerSample(JsonNode json, String field) {
        final double[] values = numbers(json, field, true);
        if (values.length == 0) {
            throw new InvalidValueException(field + " is empty; leave it out where it was not measured");
        }
        return values;
    }

    /**
     * Reads an array of finite numbers above zero (or at zero, where {@code zeroAllowed}), such as
     * samples in nanoseconds: a negative or non-finite sample would make every ratio meaningless.
     */
    static double[] numbers(JsonNode json, String field, boolean zeroAllowed) {
        if (json == null || !json.isArray()) {
            throw new InvalidValueException(field + " must be an array of numbers");
        }
        final double[] values = new double[json.size()];
        for (int i = 0; i < values.length; i++) {
            final JsonNode element = json.get(i);
            if (!element.isNumber() || !Double.isFinite(element.doubleValue()) || element.doubleValue() < 0
                    || element.doubleValue() == 0 && !zeroAllowed) {
                throw new InvalidValueException(field + "[" + i + "] must be a finite number " + (zeroAllowed
                        ? "of zero or more" : "above zero") + " but was " + element.asText());
            }
            values[i] = element.doubleValue();
        }
        return values;
    }

    static String describe(Exception e) {
        final String message = e.getMessage() == null ? e.toString() : e.getMessage();
        final int location = message.indexOf("\n at [");
        return location < 0 ? message : message.substring(0, location);
    }
}
