package dev.dbbench.metric;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.DoubleUnaryOperator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.stats.Summary;
import dev.dbbench.verdict.RecordedRun;

/**
 * How {@link Timings} are stored in a baseline entry, in the unit of the figure they hold:
 * {@code {unit, sampling, summary, samples, ruler, runs}}. Samples and run medians are rounded to a
 * tenth of the unit, below any timer's resolution, so files carry no meaningless digits; the summary
 * is there for readers of the file and recomputed from the samples.
 */
final class TimingsJson {

    /**
     * The unit a figure is stored in, and how its stored values convert from and to the nanoseconds
     * {@link Timings} hold.
     */
    record Unit(String name, DoubleUnaryOperator fromNanos, DoubleUnaryOperator toNanos) {

        /** Nanoseconds per operation, stored as they are. */
        static final Unit NANOS_PER_OP = new Unit(WallTime.UNIT, DoubleUnaryOperator.identity(),
                DoubleUnaryOperator.identity());
    }

    private static final List<String> RUN_FIELDS = List.of("median", "n", "slices", "recordedAt", "machine", "cpu",
            "layout");

    private TimingsJson() {
    }

    static ObjectNode write(Timings value, Unit unit) {
        final ObjectNode json = MetricJson.NODES.objectNode();
        json.put("unit", unit.name());
        final ObjectNode sampling = json.putObject("sampling");
        sampling.put("warmups", value.warmups());
        sampling.put("samples", value.nanosPerOp().length);
        sampling.put("opsPerSample", value.opsPerSample());
        // Summarized after rounding, so a file read and written again is byte for byte the same.
        final double[] samples = value.nanosPerOp();
        for (int i = 0; i < samples.length; i++) {
            samples[i] = tenth(unit.fromNanos().applyAsDouble(samples[i]));
        }
        final Summary summary = Summary.of(samples);
        json.set("summary", MetricJson.tree(new Summary(summary.n(), tenth(summary.min()), tenth(summary.median()),
                tenth(summary.p90()), tenth(summary.p99()), tenth(summary.max()), tenth(summary.mean()),
                tenth(summary.stdev()), tenth(summary.mad()))));
        json.set("samples", MetricJson.numbers(samples));
        final ObjectNode ruler = json.putObject("ruler");
        value.ruler().forEach((key, nanos) -> ruler.set(key, MetricJson.number(Math.round(nanos))));
        if (!value.runs().isEmpty()) {
            final ArrayNode runs = json.putArray("runs");
            for (RecordedRun run : value.runs()) {
                final ObjectNode stored = runs.addObject();
                stored.set("median", MetricJson.number(tenth(unit.fromNanos().applyAsDouble(run.median()))));
                stored.put("n", run.n());
                if (run.hasSlices()) {
                    stored.set("slices", MetricJson.number(Math.round(run.slices())));
                }
                stored.put("recordedAt", run.recordedAt());
                stored.put("machine", run.machine());
                stored.put("cpu", run.cpu());
                if (!run.layout().isEmpty()) {
                    stored.put("layout", run.layout());
                }
            }
        }
        return json;
    }

    private static double tenth(double value) {
        return Math.round(value * 10) / 10.0;
    }

    /** How the samples were taken, as stored. */
    private record Sampling(int warmups, int samples, int opsPerSample) {
    }

    /** The stored layout; the summary is there for readers of the file and recomputed from the samples. */
    private record Stored(String unit, Sampling sampling, Summary summary, JsonNode samples, JsonNode ruler) {
    }

    static Timings read(JsonNode json, Unit unit) {
        final List<RecordedRun> runs = json.isObject() && json.has("runs") ? runs(json.get("runs"), unit) : List.of();
        final Stored stored = MetricJson.read(json.isObject() ? ((ObjectNode) json.deepCopy()).without("runs") : json,
                Stored.class);
        if (!unit.name().equals(stored.unit())) {
            throw new InvalidValueException("unit must be \"" + unit.name() + "\" but was \"" + stored.unit() + "\"");
        }
        final double[] samples = MetricJson.numbers(stored.samples(), "samples", false);
        if (samples.length == 0) {
            throw new InvalidValueException("samples is empty");
        }
        if (samples.length > WallTime.MAX_SAMPLES) {
            throw new InvalidValueException("samples holds " + samples.length + " values, more than the "
                    + WallTime.MAX_SAMPLES + " a baseline entry may hold");
        }
        if (stored.sampling().samples() != samples.length) {
            throw new InvalidValueException("sampling.samples says " + stored.sampling().samples() + " but samples"
                    + " holds " + samples.length + " values");
        }
        final SortedMap<String, Double> ruler = ruler(stored.ruler());
        final int pooled = runs.stream().mapToInt(RecordedRun::n).sum();
        if (!runs.isEmpty() && pooled != samples.length) {
            throw new InvalidValueException("runs hold " + pooled + " samples in all but samples holds "
                    + samples.length + " values");
        }
        for (int i = 0; i < samples.length; i++) {
            samples[i] = unit.toNanos().applyAsDouble(samples[i]);
        }
        return new Timings(stored.sampling().warmups(), stored.sampling().opsPerSample(), samples, ruler, runs);
    }

    private static SortedMap<String, Double> ruler(JsonNode json) {
        if (!json.isObject()) {
            throw new InvalidValueException("ruler must be an object of positive numbers");
        }
        final SortedMap<String, Double> ruler = new TreeMap<>();
        json.fields().forEachRemaining(field -> {
            if (!field.getValue().isNumber() || !(field.getValue().doubleValue() > 0)) {
                throw new InvalidValueException("ruler.\"" + field.getKey() + "\" must be a positive number");
            }
            ruler.put(field.getKey(), field.getValue().doubleValue());
        });
        return ruler;
    }

    /** The stored runs, each checked field by field; {@code slices} is the only optional one. */
    private static List<RecordedRun> runs(JsonNode json, Unit unit) {
        if (!json.isArray() || json.isEmpty()) {
            throw new InvalidValueException("runs must be a non-empty array of run summaries");
        }
        final List<RecordedRun> runs = new ArrayList<>();
        for (int i = 0; i < json.size(); i++) {
            final JsonNode run = json.get(i);
            final String where = "runs[" + i + "]";
            if (!run.isObject()) {
                throw new InvalidValueException(where + " must be an object");
            }
            run.fieldNames().forEachRemaining(name -> {
                if (!RUN_FIELDS.contains(name)) {
                    throw new InvalidValueException(where + " has the unknown field \"" + name + "\"");
                }
            });
            final JsonNode median = run.get("median");
            final JsonNode n = run.get("n");
            final JsonNode slices = run.get("slices");
            if (median == null || !median.isNumber() || !(median.doubleValue() > 0)
                    || Double.isInfinite(median.doubleValue())) {
                throw new InvalidValueException(where + ".median must be a number above zero");
            }
            if (n == null || !n.canConvertToExactIntegral() || n.asInt() < 1) {
                throw new InvalidValueException(where + ".n must be an integer of at least 1");
            }
            if (slices != null && (!slices.isNumber() || !(slices.doubleValue() > 0))) {
                throw new InvalidValueException(where + ".slices must be a number above zero");
            }
            runs.add(new RecordedRun(unit.toNanos().applyAsDouble(median.doubleValue()), n.asInt(),
                    slices == null ? Double.NaN : slices.doubleValue(), text(run, "recordedAt", where),
                    text(run, "machine", where), text(run, "cpu", where),
                    run.has("layout") ? text(run, "layout", where) : ""));
        }
        return runs;
    }

    private static String text(JsonNode run, String field, String where) {
        final JsonNode value = run.get(field);
        if (value == null || !value.isTextual()) {
            throw new InvalidValueException(where + "." + field + " must be a text");
        }
        return value.asText();
    }
}
