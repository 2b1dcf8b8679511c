package dev.dbbench.spec;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.config.Settings;

/**
 * What one {@code @DbBenchmark} method asks for, validated: how it is sampled and judged, on which
 * targets, against which other benchmarks, and what its plans must show.
 *
 * @param beforeSample the class's {@code @BeforeSample} methods, run before every sample
 * @param tolerances how far counts that are not exact may rise before they fail
 * @param scale the {@code @Scale} parameter it runs over, if any
 * @param point the value of that parameter one invocation runs at; empty for the benchmark as declared
 */
public record BenchmarkSpec(Class<?> testClass, Method method, Sampling sampling, TimingRule rule,
        List<EngineTarget> targets, List<ExpectationSpec> expectations, PlanExpectations planExpectations,
        List<Method> beforeSample, Settings.Tolerances tolerances, Optional<ScaleSpec> scale,
        Optional<ScalePoint> point) {

    public BenchmarkSpec {
        targets = List.copyOf(targets);
        expectations = List.copyOf(expectations);
        beforeSample = List.copyOf(beforeSample);
    }

    /** {@code ClassName.method()}, as configuration errors name it. */
    public String where() {
        return testClass.getSimpleName() + "." + method.getName() + "()";
    }

    /** The benchmark on one of its targets, at this spec's value of its parameter. */
    public BenchmarkId id(EngineTarget target) {
        return new BenchmarkId(testClass.getName(), method.getName(), target.label(), point);
    }

    /** The values its invocations run at, in order: each of its parameter's, or the one run without a parameter. */
    public List<Optional<ScalePoint>> points() {
        return scale.map(declared -> declared.points().stream().map(Optional::of).toList())
                .orElse(List.of(Optional.empty()));
    }

    /** The benchmark as one invocation runs it, at one of its {@link #points()}. */
    public BenchmarkSpec at(Optional<ScalePoint> value) {
        return new BenchmarkSpec(testClass, method, sampling, rule, targets, expectations, planExpectations,
                beforeSample, tolerances, scale, value);
    }

    /** The Maven command that rewrites exactly this benchmark's baseline entries. */
    public String acceptCommand() {
        final String binaryName = testClass.getName();
        return "mvn verify -D" + ConfigKeys.BASELINE_MODE + "=update -Dtest='"
                + binaryName.substring(binaryName.lastIndexOf('.') + 1) + "#" + method.getName() + "'";
    }
}
