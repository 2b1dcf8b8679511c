package dev.dbbench.metric;

import java.util.Collections;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.config.Settings;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.PlanExpectations;
import dev.dbbench.spec.TimingRule;

/**
 * What judging a metric may need beyond the two values: the engine it ran on, the benchmark's
 * statistical rule, its declared plan expectations, the tolerances of its counts, and the
 * environments of both runs.
 *
 * @param baselineEnvironment the environment of the run that recorded the baseline, when there is one
 */
public record Judging(EngineKind engine, TimingRule rule, PlanExpectations declared, Settings.Tolerances tolerances,
        SortedMap<String, String> environment, Optional<SortedMap<String, String>> baselineEnvironment) {

    public Judging {
        environment = Collections.unmodifiableSortedMap(new TreeMap<>(environment));
    }
}
