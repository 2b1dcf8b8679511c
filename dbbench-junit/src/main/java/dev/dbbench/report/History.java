package dev.dbbench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbbench.stats.Summary;

/**
 * The headline medians of earlier runs, read from a folder of their {@code results.json} files
 * (downloaded CI artifacts, say: any file names, nested folders), so the report can draw each
 * benchmark's median over time. Runs are ordered by the {@code recordedAt} their file holds; files
 * of the first schema, which has none, by their modification time.
 *
 * @param medians per benchmark ({@link ReportedResult#fullName()}), its medians in time order
 * @param runs how many results files were read
 * @param skipped the JSON files that could not be read as results, with the reason
 */
public record History(Map<String, List<Point>> medians, int runs, List<String> skipped) {

    /** One earlier run's median of one benchmark, in the unit of its headline measure. */
    public record Point(Instant recordedAt, double median) {
    }

    public History {
        final Map<String, List<Point>> copy = new TreeMap<>();
        medians.forEach((key, points) -> copy.put(key, points.stream()
                .sorted(Comparator.comparing(Point::recordedAt)).toList()));
        medians = Collections.unmodifiableMap(copy);
        skipped = List.copyOf(skipped);
    }

    public static History none() {
        return new History(Map.of(), 0, List.of());
    }

    /** The earlier medians of one benchmark, oldest first; empty when it has none. */
    public List<Point> of(String fullName) {
        return medians.getOrDefault(fullName, List.of());
    }

    /** Reads every {@code *.json} file under the folder that is a dbbench results file; others are passed over. */
    public static History read(Path folder) {
        final Map<String, List<Point>> medians = new TreeMap<>();
        final List<String> skipped = new ArrayList<>();
        int runs = 0;
        for (Path file : jsonFiles(folder)) {
            final JsonNode document;
            try {
                document = ResultJson.MAPPER.readTree(file.toFile());
            } catch (IOException e) {
                skipped.add(folder.relativize(file) + " (not JSON)");
                continue;
            }
            if (!Report.isResults(document)) {
                continue;
            }
            runs++;
            final Instant recordedAt = recordedAt(document, file);
            for (JsonNode result : document.get("results")) {
                median(result).ifPresent(median -> medians.computeIfAbsent(result.path("class").asText() + "."
                        + result.path("key").asText(), key -> new ArrayList<>()).add(new Point(recordedAt, median)));
            }
        }
        return new History(medians, runs, skipped);
    }

    static List<Path> jsonFiles(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile).filter(path -> path.getFileName().toString().endsWith(".json"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the folder " + folder + ": " + e.getMessage(), e);
        }
    }

    private static Instant recordedAt(JsonNode document, Path file) {
        try {
            if (document.path("recordedAt").isTextual()) {
                return Instant.parse(document.get("recordedAt").asText());
            }
            return Files.getLastModifiedTime(file).toInstant().truncatedTo(ChronoUnit.SECONDS);
        } catch (DateTimeParseException | IOException e) {
            throw new IllegalArgumentException(file + " has no readable recordedAt: " + e.getMessage(), e);
        }
    }

    /** The headline median: the first measure of the first metric (schema 2), or {@code current.median} (schema 1). */
    private static Optional<Double> median(JsonNode result) {
        final JsonNode current = result.path("metrics").path(0).path("measures").path(0).path("current");
        if (current.isArray() && !current.isEmpty()) {
            final double[] values = new double[current.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = current.get(i).asDouble();
            }
            return Optional.of(Summary.of(values).median());
        }
        final JsonNode median = result.path("current").path("median");
        return median.isNumber() ? Optional.of(median.asDouble()) : Optional.empty();
    }
}
