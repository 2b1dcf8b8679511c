package dev.dbbench.baseline;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The committed baselines of one test class, keyed by benchmark key such as
 * {@code findByBrand [postgres 17 embedded]}.
 */
@JsonPropertyOrder({"schema", "class", "benchmarks"})
public record BaselineFile(
        int schema,
        @JsonProperty("class") String className,
        SortedMap<String, BaselineEntry> benchmarks) {

    /** The schema version this build reads and writes. */
    public static final int SCHEMA = 1;

    public BaselineFile {
        benchmarks = Collections.unmodifiableSortedMap(new TreeMap<>(benchmarks));
    }

    public static BaselineFile empty(String className) {
        return new BaselineFile(SCHEMA, className, new TreeMap<>());
    }

    /** This file with the given entries added or replaced and every other entry kept. */
    public BaselineFile with(Map<String, BaselineEntry> updates) {
        final SortedMap<String, BaselineEntry> merged = new TreeMap<>(benchmarks);
        merged.putAll(updates);
        return new BaselineFile(SCHEMA, className, merged);
    }
}
