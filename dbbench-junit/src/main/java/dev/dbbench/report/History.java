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

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
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

    /**
     * Reads every {@code *.json} file under the folder that is a dbbench results file; others are passed
     * over. Each file is streamed one result at a time and only the medians are kept, so the memory it
     * takes is that of the medians, not of the files (30 runs of 500 benchmarks are some 100 MB of JSON).
     */
    public static History read(Path folder) {
        final Map<String, List<Point>> medians = new TreeMap<>();
        final List<String> skipped = new ArrayList<>();
        int runs = 0;
        for (Path file : jsonFiles(folder)) {
            final Optional<Run> run;
            try {
                run = Run.read(file);
            } catch (IOException e) {
                skipped.add(folder.relativize(file) + " (not JSON)");
                continue;
            }
            if (run.isEmpty()) {
                continue;
            }
            runs++;
            final Instant recordedAt = run.get().recordedAt().orElseGet(() -> modified(file));
            run.get().medians().forEach((benchmark, median) -> medians.computeIfAbsent(benchmark,
                    key -> new ArrayList<>()).add(new Point(recordedAt, median)));
        }
        return new History(medians, runs, skipped);
    }

    /** What one results file gives the history: its time, when it holds one, and each benchmark's median. */
    private record Run(Optional<Instant> recordedAt, Map<String, Double> medians) {

        /** The file's run, or empty when it is JSON but no dbbench results file. */
        static Optional<Run> read(Path file) throws IOException {
            Optional<Instant> recordedAt = Optional.empty();
            boolean schema = false;
            boolean results = false;
            final Map<String, Double> medians = new TreeMap<>();
            try (JsonParser parser = ResultJson.MAPPER.getFactory().createParser(file.toFile())) {
                if (parser.nextToken() != JsonToken.START_OBJECT) {
                    return Optional.empty();
                }
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    final String field = parser.currentName();
                    final JsonToken value = parser.nextToken();
                    if (field.equals("schema")) {
                        schema = value.isNumeric();
                    } else if (field.equals("recordedAt") && value == JsonToken.VALUE_STRING) {
                        recordedAt = Optional.of(parse(parser.getText(), file));
                    } else if (field.equals("results") && value == JsonToken.START_ARRAY) {
                        results = true;
                        while (parser.nextToken() == JsonToken.START_OBJECT) {
                            final Result result = Result.read(parser);
                            result.median().ifPresent(median -> medians.put(result.benchmark(), median));
                        }
                    } else {
                        parser.skipChildren();
                    }
                }
            }
            return schema && results ? Optional.of(new Run(recordedAt, medians)) : Optional.empty();
        }
    }

    static List<Path> jsonFiles(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile).filter(path -> path.getFileName().toString().endsWith(".json"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the folder " + folder + ": " + e.getMessage(), e);
        }
    }

    private static Instant parse(String recordedAt, Path file) {
        try {
            return Instant.parse(recordedAt);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(file + " has no readable recordedAt: " + e.getMessage(), e);
        }
    }

    /** When a file of the first schema, which holds no time of its own, was written. */
    private static Instant modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toInstant().truncatedTo(ChronoUnit.SECONDS);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + " has no readable recordedAt: " + e.getMessage(), e);
        }
    }

    /**
     * The part of one result the history keeps, read token by token: its class and key, and its
     * headline median, the first measure of the first metric (schema 2) or {@code current.median}
     * (schema 1). Nothing else of the result, samples and plans included, is ever built.
     */
    private record Result(String benchmark, Optional<Double> median) {

        /** Reads the result whose {@code START_OBJECT} the parser is on, up to its {@code END_OBJECT}. */
        static Result read(JsonParser parser) throws IOException {
            String className = "";
            String key = "";
            Optional<Double> measured = Optional.empty();
            Optional<Double> schema1 = Optional.empty();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                final String field = parser.currentName();
                final JsonToken value = parser.nextToken();
                if (field.equals("class") && value == JsonToken.VALUE_STRING) {
                    className = parser.getText();
                } else if (field.equals("key") && value == JsonToken.VALUE_STRING) {
                    key = parser.getText();
                } else if (field.equals("metrics") && value == JsonToken.START_ARRAY) {
                    measured = firstMeasure(parser);
                } else if (field.equals("current") && value == JsonToken.START_OBJECT) {
                    schema1 = number(parser, "median");
                } else {
                    parser.skipChildren();
                }
            }
            return new Result(className + "." + key, measured.isPresent() ? measured : schema1);
        }

        /** The median of the first metric's first measure's current values; leaves the parser after the array. */
        private static Optional<Double> firstMeasure(JsonParser parser) throws IOException {
            Optional<Double> median = Optional.empty();
            boolean first = true;
            while (parser.nextToken() == JsonToken.START_OBJECT) {
                if (!first) {
                    parser.skipChildren();
                    continue;
                }
                first = false;
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    final String field = parser.currentName();
                    if (parser.nextToken() == JsonToken.START_ARRAY && field.equals("measures")
                            && parser.nextToken() == JsonToken.START_OBJECT) {
                        median = currentOfMeasure(parser);
                        skipRest(parser);
                    } else {
                        parser.skipChildren();
                    }
                }
            }
            return median;
        }

        /** The median of a measure's {@code current} values; leaves the parser on the measure's end. */
        private static Optional<Double> currentOfMeasure(JsonParser parser) throws IOException {
            Optional<Double> median = Optional.empty();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                final String field = parser.currentName();
                if (parser.nextToken() == JsonToken.START_ARRAY && field.equals("current")) {
                    final List<Double> values = new ArrayList<>();
                    while (parser.nextToken().isNumeric()) {
                        values.add(parser.getDoubleValue());
                    }
                    median = values.isEmpty() ? Optional.empty()
                            : Optional.of(Summary.of(values.stream().mapToDouble(Double::doubleValue).toArray()).median());
                } else {
                    parser.skipChildren();
                }
            }
            return median;
        }

        /** Skips the rest of the array the parser is in. */
        private static void skipRest(JsonParser parser) throws IOException {
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                parser.skipChildren();
            }
        }

        /** A number field of the object the parser is in; leaves the parser on the object's end. */
        private static Optional<Double> number(JsonParser parser, String name) throws IOException {
            Optional<Double> number = Optional.empty();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                final String field = parser.currentName();
                if (parser.nextToken().isNumeric() && field.equals(name)) {
                    number = Optional.of(parser.getDoubleValue());
                } else {
                    parser.skipChildren();
                }
            }
            return number;
        }
    }
}
