package dev.dbbench.spec;

import java.lang.reflect.Method;
import java.util.List;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.config.Settings;

/**
 * What one {@code @DbBenchmark} method asks for, validated: how it is sampled and judged, on which
 * targets, against which other benchmarks, and what its plans must show.
 *
 * @param beforeSample the class's {@code @BeforeSample} methods, run before every sample
 * @param tolerances how far counts that are not exact may rise before they fail
 */
public record BenchmarkSpec(Class<?> testClass, Method method, Sampling sampling, TimingRule rule,
        List<EngineTarget> targets, List<ExpectationSpec> expectations, PlanExpectations planExpectations,
        List<Method> beforeSample, Settings.Tolerances tolerances) {

    public BenchmarkSpec {
        targets = List.copyOf(targets);
        expectations = List.copyOf(expectations);
        beforeSample = List.copyOf(beforeSample);
    }

    /** {@code ClassName.method()}, as configuration errors name it. */
    public String where() {
        return testClass.getSimpleName() + "." + method.getName() + "()";
    }

    /** The benchmark on one of its targets. */
    public BenchmarkId id(EngineTarget target) {
        return new BenchmarkId(testClass.getName(), method.getName(), target.label());
    }

    /** The Maven command that rewrites exactly this benchmark's baseline entries. */
    public String acceptCommand() {
        final String binaryName = testClass.getName();
        return "mvn verify -D" + ConfigKeys.BASELINE_MODE + "=update -Dtest='"
                + binaryName.substring(binaryName.lastIndexOf('.') + 1) + "#" + method.getName() + "'";
    }
}
