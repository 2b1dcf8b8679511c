package dev.dbbench.report;

import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.config.Invocation;

/**
 * The {@code invocation} object of {@code results.json}: {@code profiles} (null when the run was not
 * started by Maven's launch script), {@code mavenProperties}, {@code settings} and {@code omitted}.
 * Files written before it existed have none, and read as {@link Invocation#UNKNOWN}.
 */
final class InvocationJson {

    private InvocationJson() {
    }

    static ObjectNode write(Invocation invocation) {
        final ObjectNode json = ResultJson.MAPPER.createObjectNode();
        json.set("profiles", invocation.profiles().map(profiles -> (JsonNode) ResultJson.MAPPER.valueToTree(profiles))
                .orElse(ResultJson.MAPPER.nullNode()));
        json.set("mavenProperties", ResultJson.MAPPER.valueToTree(invocation.mavenProperties()));
        json.set("settings", ResultJson.MAPPER.valueToTree(invocation.settings()));
        json.set("omitted", ResultJson.MAPPER.valueToTree(invocation.omitted()));
        return json;
    }

    static Invocation read(JsonNode node, String where) {
        if (node == null || node.isNull()) {
            return Invocation.UNKNOWN;
        }
        final JsonFields json = new JsonFields(node, where);
        final JsonNode profiles = node.get("profiles");
        return new Invocation(profiles == null || profiles.isNull() ? Optional.empty() : Optional.of(json.texts("profiles")),
                texts(json, "mavenProperties"), texts(json, "settings"), new TreeSet<>(json.texts("omitted")));
    }

    private static SortedMap<String, String> texts(JsonFields json, String field) {
        final SortedMap<String, String> values = new TreeMap<>();
        json.object(field).fields().forEachRemaining(entry -> values.put(entry.getKey(), entry.getValue().asText()));
        return values;
    }
}
