package dev.dbbench.maven;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.report.Report;
import dev.dbbench.report.ReportedMetric;
import dev.dbbench.report.ReportedResult;
import dev.dbbench.stats.Summary;

/**
 * What one A/B round measured: for each chosen benchmark result and each of its timing metrics (wall
 * time; the throughput and p99 latency of client threads) one figure, the round's fastest sample in
 * nanoseconds per operation (throughput turned into time per operation), so lower is faster for
 * every figure. The fastest, not the median: what else runs on the machine only ever adds time, and
 * on a shared runner a burst of it moved one round's median 2-10x while its fastest samples stayed
 * put (docs/compare.md); a JVM's own speed mode moves all of its samples, the fastest too. Raw, not
 * divided by the speed ruler: base and head run on one machine.
 */
final class RoundFigures {

    /**
     * One figure of one benchmark result.
     *
     * @param fullName the result's unique name ({@code ReportedResult.fullName()})
     * @param name the result as reports name it, with its target
     * @param benchmark its method as {@code -Dtest} names it: {@code SimpleClass#method}
     */
    record Figure(String fullName, String name, String benchmark, String metric) {

        @Override
        public String toString() {
            return name + (metric.equals("time") ? "" : " " + metric);
        }
    }

    private static final String RATE_UNIT = "ops/s";

    private RoundFigures() {
    }

    /** The figures of the results the patterns choose, in the reports' order. */
    static Map<Figure, Double> of(List<Report> reports, List<BenchmarkPattern> chosen) {
        final Map<Figure, Double> figures = new LinkedHashMap<>();
        for (Report report : reports) {
            for (ReportedResult result : report.results()) {
                if (chosen.stream().anyMatch(pattern -> pattern.matches(result))) {
                    for (ReportedMetric metric : result.metrics()) {
                        if (metric.gating().equals("TIMING") && !metric.measures().isEmpty()) {
                            figures.put(new Figure(result.fullName(), result.qualifiedName(),
                                    BenchmarkPattern.of(result).toString(), metric.id()),
                                    nanosPerOperation(metric));
                        }
                    }
                }
            }
        }
        return figures;
    }

    private static double nanosPerOperation(ReportedMetric metric) {
        final Summary samples = Summary.of(metric.measures().get(0).current());
        return metric.measures().get(0).unit().equals(RATE_UNIT) ? 1e9 / samples.max() : samples.min();
    }

    /** The rule each chosen result is judged by: its own alpha and threshold, as its run resolved them. */
    static Map<String, PairedRule> rules(List<Report> reports, List<BenchmarkPattern> chosen) {
        final Map<String, PairedRule> rules = new LinkedHashMap<>();
        for (Report report : reports) {
            for (ReportedResult result : report.results()) {
                if (chosen.stream().anyMatch(pattern -> pattern.matches(result))) {
                    rules.put(result.fullName(), new PairedRule(
                            result.field("alpha").asDouble(ConfigKeys.DEFAULT_ALPHA),
                            result.field("thresholdPercent").asDouble(ConfigKeys.DEFAULT_THRESHOLD_PERCENT)));
                }
            }
        }
        return rules;
    }
}
