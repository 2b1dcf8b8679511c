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
 * One benchmark's result as every report format and the build log's messages read it. A finished
 * benchmark's is rendered straight from its {@link BenchmarkResult}, each metric rendering itself
 * once ({@link ResultRendering}); one of an earlier run is read from its {@code results.json}
 * ({@link ResultJson}, the codec of this model), so a report merged from several runners' files
 * equals one rendered at the end of a single run.
 *
 * @param metrics every metric the benchmark measured, the headline (wall time) first
 * @param environmentChanges the environment facts that differ from the baseline's run, as the
 *     metrics that compare environments listed them
 * @param fields the fields its metrics wrote about their values at the top of its object in
 *     {@code results.json} (wall time's {@code samples}, {@code alpha}, ...), in order, and, in a
 *     file a newer dbbench wrote, any field this one does not know: written back unchanged
 * @param parameter the value of the benchmark's {@code @Scale} parameter it ran at; empty for none
 * @param scaling the benchmark's {@code @ExpectScaling}, on the result of the value that completed it
 * @param informed whether it showed information (a timing change that cannot fail where it ran and that
 *     the work counts do not explain), false in results of earlier versions
 * @param timing what its timing verdict rested on; empty in results of earlier versions
 */
public record ReportedResult(String className, String method, String target, String key, boolean failed,
        boolean warned, boolean baselineWritten, List<ReportedMetric> metrics, List<ReportedExpectation> expectations,
        SortedMap<String, String> environment, List<EnvironmentChange> environmentChanges, String baselineFile,
        String baselineRecordedAt, String acceptCommand, String note, ObjectNode fields,
        Optional<ScalePoint> parameter, Optional<ReportedScaling> scaling, boolean informed, Optional<Timing> timing) {

    /**
     * What a timing verdict rests on beyond its samples.
     *
     * @param gates whether a timing regression could fail the build where the benchmark ran
     * @param reason why, as the timing message says it
     * @param countsState {@code UNCHANGED}, {@code MOVED} or {@code UNCOMPARED}: the work counts
     * @param counts what the work counts say, in the words of the timing message
     * @param compareCommand the same-runner A/B comparison that settles a timing change
     * @param unchanged the counts compared that did not move, as a reader names them
     * @param moved the counts that moved, each with its first change
     * @param uncompared the counts that could not be compared, each with why
     */
    public record Timing(boolean gates, String reason, String countsState, String counts, String compareCommand,
            List<String> unchanged, List<String> moved, List<String> uncompared) {

        public Timing {
            unchanged = List.copyOf(unchanged);
            moved = List.copyOf(moved);
            uncompared = List.copyOf(uncompared);
        }

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
        fields = fields.deepCopy();
        if (metrics.isEmpty()) {
            throw new IllegalArgumentException(className + "." + key + " has no metric");
        }
    }

    /** The result of a benchmark that just finished, each metric rendered once. */
    public static ReportedResult of(BenchmarkResult result) {
        return ResultRendering.render(result);
    }

    /** A field a metric wrote about its value, such as wall time's {@code threads}; missing when none did. */
    public JsonNode field(String name) {
        return fields.path(name);
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
