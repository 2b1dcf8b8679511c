package dev.dbbench.junit;

import java.nio.file.Path;

import dev.dbbench.api.ConfigKeys;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * One of the forum example's benchmark classes run twice with the time gate off: once to record its
 * baseline, then with one setting of the application changed, so that the second run's counts and plans
 * are judged against the first's.
 */
final class ForumRegression {

    private ForumRegression() {
    }

    /**
     * @param property the system property Spring Boot reads the changed setting from; cleared afterwards
     * @return the second run, whose failure the caller checks
     */
    static EngineExecutionResults afterChange(Path temp, String benchmarkClass, String property, String value) {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
        runner.run(benchmarkClass).testEvents().assertStatistics(stats -> stats.succeeded(1));
        System.setProperty(property, value);
        try {
            return runner.run(benchmarkClass);
        } finally {
            System.clearProperty(property);
        }
    }
}
