package dev.dbbench.engine.mongo;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The shape of a MongoDB command, the counterpart of a SQL statement's normalized text: its name and
 * collection, then what decides how the server executes it, literals left out. {@code find products
 * {brand: ?} sort {price: 1} projection {name: 1} limit}, {@code update products {_id: ?} {$set:
 * {price: ?}}}, {@code aggregate orders [$match {status: ?}, $group {_id: "$customer", total: {$sum:
 * "$total"}}]}. Two commands of one shape differ only in their values; a changed filter, sort,
 * collection or pipeline is another shape.
 */
final class CommandShape {

    /** What a literal becomes. */
    private static final String VALUE = "?";

    /** The parts of a command kept as written: the direction of a sort key matters, not a value. */
    private static final Set<String> VERBATIM = Set.of("sort", "projection", "hint", "key", "fields");

    private CommandShape() {
    }

    /** The shape of a command as a client sends it, or as a server's profiler records it. */
    static String of(BsonDocument command) {
        if (command.isEmpty()) {
            return "(empty command)";
        }
        final String name = command.getFirstKey();
        final BsonValue target = command.get(name);
        return switch (name) {
            case "find" -> find(collection(target), command);
            case "getMore" -> "getMore " + text(command.get("collection"));
            case "insert" -> "insert " + collection(target);
            case "update" -> statements("update " + collection(target), command.get("updates"), "q", "u");
            case "delete" -> statements("delete " + collection(target), command.get("deletes"), "q", null);
            case "aggregate" -> "aggregate " + collection(target) + " " + pipeline(command.get("pipeline"));
            case "count" -> "count " + collection(target) + " " + filter(command.get("query"));
            case "distinct" -> "distinct " + collection(target) + " " + text(command.get("key")) + " "
                    + filter(command.get("query"));
            case "findAndModify", "findandmodify" -> "findAndModify " + collection(target) + " "
                    + filter(command.get("query")) + part(command, "sort") + part(command, "update")
                    + (command.containsKey("remove") ? " remove" : "");
            default -> name + (target != null && target.isString() ? " " + target.asString().getValue() : "");
        };
    }

    /**
     * The shape of one operation a server's profiler recorded: {@code ns} names the collection; an
     * update or delete is recorded statement by statement, the statement's own {@code q} and {@code u}.
     */
    static String ofProfiled(String op, String collection, BsonDocument command) {
        return switch (op) {
            case "update" -> "update " + collection + " " + filter(command.get("q")) + " " + update(command.get("u"));
            case "remove" -> "delete " + collection + " " + filter(command.get("q"));
            case "insert" -> "insert " + collection;
            case "getmore" -> "getMore " + collection;
            default -> of(command);
        };
    }

    private static String find(String collection, BsonDocument command) {
        return "find " + collection + " " + filter(command.get("filter")) + part(command, "sort")
                + part(command, "projection") + part(command, "hint")
                + (command.containsKey("limit") ? " limit" : "") + (command.containsKey("skip") ? " skip" : "");
    }

    /** The distinct shapes of an update's or delete's statements, in the order first sent. */
    private static String statements(String head, BsonValue statements, String filterKey, String updateKey) {
        if (!(statements instanceof BsonArray array)) {
            return head;
        }
        final Set<String> shapes = new LinkedHashSet<>();
        for (BsonValue statement : array) {
            if (statement.isDocument()) {
                final BsonDocument document = statement.asDocument();
                shapes.add(filter(document.get(filterKey))
                        + (updateKey == null ? "" : " " + update(document.get(updateKey))));
            }
        }
        return head + " " + String.join("; ", shapes);
    }

    private static String part(BsonDocument command, String key) {
        final BsonValue value = command.get(key);
        return value == null ? "" : " " + key + " " + (VERBATIM.contains(key) ? verbatim(value) : filter(value));
    }

    private static String collection(BsonValue target) {
        return target != null && target.isString() ? target.asString().getValue() : "(" + VALUE + ")";
    }

    private static String text(BsonValue value) {
        return value != null && value.isString() ? value.asString().getValue() : VALUE;
    }

    /** A filter with its values left out; {@code {}} where there is none. */
    static String filter(BsonValue value) {
        if (value == null) {
            return "{}";
        }
        return literalsOut(value, false);
    }

    /** An update document (operators and fields kept) or a replacement (its fields), values left out. */
    private static String update(BsonValue value) {
        if (value instanceof BsonArray pipeline) {
            return pipeline(pipeline);
        }
        return value == null ? "{}" : literalsOut(value, false);
    }

    private static String pipeline(BsonValue value) {
        if (!(value instanceof BsonArray stages)) {
            return "[]";
        }
        final List<String> shown = new ArrayList<>();
        for (BsonValue stage : stages) {
            if (stage.isDocument() && !stage.asDocument().isEmpty()) {
                final String name = stage.asDocument().getFirstKey();
                final BsonValue body = stage.asDocument().get(name);
                // Outside $match a stage's strings name fields and collections ($group's "$customer",
                // $lookup's from): structure, kept; its numbers ($limit's) are values.
                shown.add(name + " " + (name.equals("$sort") || name.equals("$project") ? verbatim(body)
                        : literalsOut(body, !name.equals("$match"))));
            } else {
                shown.add(VALUE);
            }
        }
        return "[" + String.join(", ", shown) + "]";
    }

    /**
     * A value with its literals left out: a document keeps its keys, an array of documents (an
     * {@code $or}) each document's shape, any other array (an {@code $in}'s values) is one value; a
     * string naming a field ({@code "$total"}) is structure and is kept, and so is every string where
     * {@code strings} says strings are names.
     */
    private static String literalsOut(BsonValue value, boolean strings) {
        if (value.isDocument()) {
            return value.asDocument().entrySet().stream()
                    .map(entry -> entry.getKey() + ": " + literalsOut(entry.getValue(), strings))
                    .collect(Collectors.joining(", ", "{", "}"));
        }
        if (value instanceof BsonArray array && !array.isEmpty() && array.stream().allMatch(BsonValue::isDocument)) {
            return array.stream().map(element -> literalsOut(element, strings))
                    .collect(Collectors.joining(", ", "[", "]"));
        }
        if (value.isString() && (strings || value.asString().getValue().startsWith("$"))) {
            return "\"" + value.asString().getValue() + "\"";
        }
        return VALUE;
    }

    /** A value as written: a sort's directions, a projection's inclusions. */
    private static String verbatim(BsonValue value) {
        if (value.isDocument()) {
            return value.asDocument().entrySet().stream().map(CommandShape::verbatimEntry)
                    .collect(Collectors.joining(", ", "{", "}"));
        }
        if (value.isString()) {
            return value.asString().getValue();
        }
        if (value.isNumber()) {
            return value.isDouble() ? Double.toString(value.asDouble().getValue())
                    : Long.toString(value.asNumber().longValue());
        }
        return value.isBoolean() ? Boolean.toString(value.asBoolean().getValue()) : literalsOut(value, false);
    }

    private static String verbatimEntry(Map.Entry<String, BsonValue> entry) {
        return entry.getKey() + ": " + verbatim(entry.getValue());
    }
}
