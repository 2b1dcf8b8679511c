package dev.dbbench.baseline;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.metric.MetricValues;

/**
 * One benchmark's recorded result on one engine target: the value of each metric it measured and
 * the environment they were measured in.
 *
 * @param recordedAt ISO-8601 instant of the run that recorded it, to the second
 */
public record BaselineEntry(String method, String target, String recordedAt, MetricValues metrics,
        SortedMap<String, String> environment) {

    public BaselineEntry {
        environment = Collections.unmodifiableSortedMap(new TreeMap<>(environment));
    }

    /** An entry for a run that just finished. */
    public static BaselineEntry of(String method, String target, Instant recordedAt, MetricValues metrics,
            SortedMap<String, String> environment) {
        return new BaselineEntry(method, target, recordedAt.truncatedTo(ChronoUnit.SECONDS).toString(), metrics,
                environment);
    }
}
