package dev.dbbench.spec;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One engine a benchmark runs on: kind, version, server settings, resolved provider and, for
 * containers, the image. Benchmarks with equal targets share one server per test run.
 *
 * @param version the declared version (a PostgreSQL major, a MongoDB {@code major.minor}); empty for
 *     an emulator, which has none
 * @param image the Docker image of a container target; empty for other providers
 */
public record EngineTarget(EngineKind kind, String version, SortedMap<String, String> settings, ProviderKind provider,
        String image) {

    public EngineTarget {
        settings = Collections.unmodifiableSortedMap(new TreeMap<>(settings));
    }

    /**
     * Reads like {@code postgres 17 embedded}, {@code mongodb emulated} or
     * {@code postgres 15 container fsync=on}. The image is left out: it is recorded in the environment,
     * so a change of image shows as an environment change rather than as a new benchmark.
     */
    public String label() {
        final String base = kind.label() + (version.isEmpty() ? "" : " " + version) + " " + provider.label();
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
