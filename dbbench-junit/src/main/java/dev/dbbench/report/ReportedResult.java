package dev.dbbench.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.evaluate.TimingAuthority;
import dev.dbbench.metric.Measure;
import dev.dbbench.spec.ScalePoint;
import dev.dbbench.stats.Summary;
import dev.dbbench.verdict.EnvironmentChange;

/**
 * One benchmark's result as every report format reads it: the object {@code results.json} holds for
 * it, parsed. Built from a live {@link BenchmarkResult} at the end of a run, or read back from the
 * files of earlier runs to merge them.
 *
 * @param metrics every metric the benchmark measured, the headline (wall time) first
 * @param environmentChanges the environment facts that differ from the baseline's run, as the
 *     metrics that compare environments listed them
 * @param json the object as {@code results.json} holds it, written back unchanged when merging
 * @param parameter the value of the benchmark's {@code @Scale} parameter it ran at; empty for none
 * @param scaling the benchmark's {@code @ExpectScaling}, on the result of the value that completed it
 * @param informed whether it showed information (a timing change that cannot fail where it ran and that
 *     the work counts do not explain), false in results of earlier versions
 * @param timing what its timing verdict rested on; empty in results of earlier versions
 */
public record ReportedResult(String className, String method, String target, String key, boolean failed,
        boolean warned, boolean baselineWritten, List<ReportedMetric> metrics, List<ReportedExpectation> expectations,
        SortedMap<String, String> environment, List<EnvironmentChange> environmentChanges, String baselineFile,
        String baselineRecordedAt, String acceptCommand, String note, ObjectNode json, Optional<ScalePoint> parameter,
        Optional<ReportedScaling> scaling, boolean informed, Optional<Timing> timing) {

    /**
     * What a timing verdict rests on beyond its samples.
     *
     * @param gates whether a timing regression could fail the build where the benchmark ran
     * @param reason why, as the timing message says it
     * @param countsState {@code UNCHANGED}, {@code MOVED} or {@code UNCOMPARED}: the work counts
     * @param counts what the work counts say, in the words of the timing message
     * @param compareCommand the same-runner A/B comparison that settles a timing change
     */
    public record Timing(boolean gates, String reason, String countsState, String counts, String compareCommand) {

        /** The sentence of a timing message's {@code gate} line. */
        public String gate() {
            return TimingAuthority.sentence(gates, reason);
        }
    }

    public ReportedResult {
        metrics = List.copyOf(metrics);
        expectations = List.copyOf(expectations);
        environment = Collections.unmodifiableSortedMap(new TreeMap<>(environment));
        environmentChanges = List.copyOf(environmentChanges);
        json = json.deepCopy();
        if (metrics.isEmpty()) {
            throw new IllegalArgumentException(className + "." + key + " has no metric");
        }
    }

    static ReportedResult of(BenchmarkResult result) {
        return read(ResultJson.of(result), result.id().qualifiedName());
    }

    /** Reads one result object of {@code results.json}; {@code where} names it in errors. */
    static ReportedResult read(JsonNode node, String where) {
        final JsonFields json = new JsonFields(node, where);
        final List<ReportedMetric> metrics = new ArrayList<>();
        final JsonNode metricArray = json.array("metrics");
        for (int i = 0; i < metricArray.size(); i++) {
            metrics.add(ReportedMetric.read(metricArray.get(i), json.at("metrics", i)));
        }
        final List<ReportedExpectation> expectations = new ArrayList<>();
        final JsonNode expectationArray = json.array("expectations");
        for (int i = 0; i < expectationArray.size(); i++) {
            expectations.add(ReportedExpectation.read(expectationArray.get(i), json.at("expectations", i)));
        }
        final SortedMap<String, String> environment = new TreeMap<>();
        json.object("environment").fields().forEachRemaining(fact -> environment.put(fact.getKey(),
                fact.getValue().asText()));
        return new ReportedResult(json.text("class"), json.text("method"), json.text("target"), json.text("key"),
                json.bool("failed"), json.bool("warned"), json.bool("baselineWritten"), metrics, expectations,
                environment, environmentChanges(node, json), json.text("baselineFile"),
                json.text("baselineRecordedAt"), json.text("acceptCommand"), json.text("note"), (ObjectNode) node,
                present(node, "parameter").map(parameter -> {
                    final JsonFields point = new JsonFields(parameter, json.at("parameter"));
                    return new ScalePoint(point.text("name"), Math.round(point.number("value")));
                }),
                present(node, "scaling").map(scaling -> ReportedScaling.read(scaling, json.at("scaling"))),
                json.optionalBool("informed"), present(node, "timing").map(timing -> {
                    final JsonFields fields = new JsonFields(timing, json.at("timing"));
                    final JsonFields counts = new JsonFields(json.object("workCounts"), json.at("workCounts"));
                    return new Timing(fields.bool("gates"), fields.text("reason"), counts.text("state"),
                            counts.text("summary"), json.text("compareCommand"));
                }));
    }

    /** A field written since results held it; absent or null in results of earlier versions and for none. */
    private static Optional<JsonNode> present(JsonNode node, String field) {
        return Optional.ofNullable(node.get(field)).filter(value -> !value.isNull());
    }

    /** The changes listed under {@code environmentChanges} by whichever metric compares environments. */
    private static List<EnvironmentChange> environmentChanges(JsonNode node, JsonFields json) {
        final List<EnvironmentChange> changes = new ArrayList<>();
        if (node.has("environmentChanges")) {
            final JsonNode array = json.array("environmentChanges");
            for (int i = 0; i < array.size(); i++) {
                final JsonFields change = new JsonFields(array.get(i), json.at("environmentChanges", i));
                changes.add(new EnvironmentChange(change.text("key"), change.text("baseline"), change.text("current")));
            }
        }
        return changes;
    }

    /**
     * How far the result moved where it failed, as a factor of at least 1: the largest change of a
     * failed metric's figures (median against the baseline's, either way), of a missed expectation's
     * speed-up against the one needed, or of a count's growth against the growth allowed; empty when
     * nothing that failed has such a figure (a changed plan, a metric that was not measured).
     */
    public OptionalDouble move() {
        final List<Double> moves = new ArrayList<>();
        for (ReportedMetric metric : metrics) {
            if (metric.failed()) {
                for (Measure measure : metric.measures()) {
                    if (measure.baseline().length > 0) {
                        moves.add(Summary.of(measure.current()).median() / Summary.of(measure.baseline()).median());
                    }
                }
            }
        }
        expectations.stream().filter(ReportedExpectation::failed)
                .forEach(expectation -> moves.add(expectation.factor() / expectation.speedup()));
        scaling.filter(ReportedScaling::failed).ifPresent(growth -> growth.counts().forEach(count -> {
            for (int i = 0; i < count.ratios().size(); i++) {
                moves.add(count.ratios().get(i) / count.allowed().get(i));
            }
        }));
        return moves.stream().filter(ratio -> ratio > 0 && Double.isFinite(ratio))
                .mapToDouble(ratio -> Math.max(ratio, 1 / ratio)).max();
    }

    /** The headline metric, which every result has: wall time. */
    public ReportedMetric headline() {
        return metrics.get(0);
    }

    public Optional<ReportedMetric> metric(String id) {
        return metrics.stream().filter(metric -> metric.id().equals(id)).findFirst();
    }

    /** The class name without its package. */
    public String simpleClassName() {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    /** {@code SimpleClassName.method}. */
    public String name() {
        return simpleClassName() + "." + method;
    }

    /** {@code SimpleClassName.method}, then the value of its parameter where it has one: {@code rows=1000}. */
    public String nameAtPoint() {
        return name() + pointSuffix();
    }

    /** {@code SimpleClassName.method [target]}, then the value of its parameter where it has one. */
    public String qualifiedName() {
        return name() + " [" + target + "]" + pointSuffix();
    }

    /** {@code " rows=1000"}, or nothing for a benchmark without a parameter. */
    private String pointSuffix() {
        return parameter.map(point -> " " + point.label()).orElse("");
    }

    /** {@code fully.qualified.Class.method [target]}: unique in a run, also across classes of one simple name. */
    public String fullName() {
        return className + "." + key;
    }
}
