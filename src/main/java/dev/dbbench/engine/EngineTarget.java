package dev.dbbench.engine;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One engine a benchmark runs on: kind, major version, server settings and provider. Benchmarks with
 * equal targets share one server per test run.
 */
public record EngineTarget(EngineKind kind, String version, SortedMap<String, String> settings, ProviderKind provider) {

    public EngineTarget {
        settings = Collections.unmodifiableSortedMap(new TreeMap<>(settings));
    }

    /** Reads like {@code postgres 17 embedded} or {@code postgres 17 embedded fsync=on}. */
    public String label() {
        final String base = kind.label() + " " + version + " " + provider.label();
        if (settings.isEmpty()) {
            return base;
        }
        return base + " " + settings.entrySet().stream()
                .map(Map.Entry::toString)
                .collect(Collectors.joining(" "));
    }

    @Override
    public String toString() {
        return label();
    }
}
