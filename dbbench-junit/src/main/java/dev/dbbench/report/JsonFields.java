package dev.dbbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Reads the fields of a {@code results.json} object, naming the field that is missing or of the
 * wrong kind: a merge of files from several CI runners must say which file and which field is bad.
 */
final class JsonFields {

    private final JsonNode node;
    private final String where;

    JsonFields(JsonNode node, String where) {
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException(where + " is not a JSON object");
        }
        this.node = node;
        this.where = where;
    }

    /** Whether the object holds the field, null or not. */
    boolean has(String field) {
        return node.has(field);
    }

    String text(String field) {
        final JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw invalid(field, "a text");
        }
        return value.asText();
    }

    /** A text, or empty when the field is absent or null. */
    Optional<String> optionalText(String field) {
        final JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isTextual()) {
            throw invalid(field, "a text or null");
        }
        return Optional.of(value.asText());
    }

    boolean bool(String field) {
        final JsonNode value = node.get(field);
        if (value == null || !value.isBoolean()) {
            throw invalid(field, "true or false");
        }
        return value.asBoolean();
    }

    /** A flag written since results held it: {@code false} when absent, as in files of earlier versions. */
    boolean optionalBool(String field) {
        final JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return false;
        }
        if (!value.isBoolean()) {
            throw invalid(field, "true, false or absent");
        }
        return value.asBoolean();
    }

    /** A number; null, which stands for a figure that could not be computed, reads as NaN. */
    double number(String field) {
        final JsonNode value = node.get(field);
        if (value != null && value.isNull()) {
            return Double.NaN;
        }
        if (value == null || !value.isNumber()) {
            throw invalid(field, "a number or null");
        }
        return value.asDouble();
    }

    List<String> texts(String field) {
        final List<String> texts = new ArrayList<>();
        for (JsonNode element : array(field)) {
            if (!element.isTextual()) {
                throw invalid(field, "an array of texts");
            }
            texts.add(element.asText());
        }
        return texts;
    }

    /** An array of numbers, each null (a figure that could not be computed) read as NaN. */
    List<Double> numbers(String field) {
        final List<Double> numbers = new ArrayList<>();
        for (JsonNode element : array(field)) {
            if (!element.isNumber() && !element.isNull()) {
                throw invalid(field, "an array of numbers");
            }
            numbers.add(element.isNull() ? Double.NaN : element.asDouble());
        }
        return numbers;
    }

    JsonNode array(String field) {
        final JsonNode value = node.get(field);
        if (value == null || !value.isArray()) {
            throw invalid(field, "an array");
        }
        return value;
    }

    JsonNode object(String field) {
        final JsonNode value = node.get(field);
        if (value == null || !value.isObject()) {
            throw invalid(field, "an object");
        }
        return value;
    }

    /** Where a nested field is, for its own messages: {@code results[3].metrics[0]}. */
    String at(String field, int index) {
        return where + "." + field + "[" + index + "]";
    }

    String at(String field) {
        return where + "." + field;
    }

    private IllegalArgumentException invalid(String field, String expected) {
        return new IllegalArgumentException(where + "." + field + " must be " + expected + " but was "
                + (node.has(field) ? node.get(field) : "missing"));
    }
}
