package dev.dbbench.report;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.dbbench.metric.Measure;

/** What the dashboard exports (JMH, Bencher) share: a result's measures under unique names. */
final class Exports {

    private Exports() {
    }

    /**
     * Every measure of every metric of a result, in metric order, the headline's first; a name that
     * an earlier metric already used is prefixed with its own metric's id, so no figure hides another.
     */
    static Map<String, Measure> measures(ReportedResult result) {
        final Map<String, Measure> named = new LinkedHashMap<>();
        for (ReportedMetric metric : result.metrics()) {
            for (Measure measure : metric.measures()) {
                final String name = named.containsKey(measure.name()) ? metric.id() + "-" + measure.name()
                        : measure.name();
                named.putIfAbsent(name, measure);
            }
        }
        return named;
    }
}
