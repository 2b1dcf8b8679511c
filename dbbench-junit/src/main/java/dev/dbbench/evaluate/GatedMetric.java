package dev.dbbench.evaluate;

import dev.dbbench.metric.MetricResult;

/** One metric's result with what the gate decided it does. */
public record GatedMetric(MetricResult<?, ?> result, Decision decision) {
}
