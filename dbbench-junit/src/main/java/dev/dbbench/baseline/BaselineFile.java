package dev.dbbench.baseline;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The committed baselines of one test class, keyed by benchmark key such as
 * {@code findByBrand [postgres 17 embedded]}.
 */
public record BaselineFile(int schema, String className, SortedMap<String, BaselineEntry> benchmarks) {

    /**
     * The schema version this build writes. Version 2 stores each metric under its own key (wall time
     * under {@code time}); version 1, which kept the wall-time fields at the entry's top level, is
     * still read.
     */
    public static final int SCHEMA = 2;

    public BaselineFile {
        benchmarks = Collections.unmodifiableSortedMap(new TreeMap<>(benchmarks));
    }

    public static BaselineFile empty(String className) {
        return new BaselineFile(SCHEMA, className, new TreeMap<>());
    }

    /** This file with the given entries added or replaced and every other entry kept, in the current schema. */
    public BaselineFile with(Map<String, BaselineEntry> updates) {
        final SortedMap<String, BaselineEntry> merged = new TreeMap<>(benchmarks);
        merged.putAll(updates);
        return new BaselineFile(SCHEMA, className, merged);
    }

    /** This file without the entries of the given keys, in the current schema. */
    public BaselineFile without(Set<String> keys) {
        final SortedMap<String, BaselineEntry> kept = new TreeMap<>(benchmarks);
        kept.keySet().removeAll(keys);
        return new BaselineFile(SCHEMA, className, kept);
    }
}
