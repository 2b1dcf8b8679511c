package dev.dbbench.spec;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;

import dev.dbbench.config.Invocation;
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

    /**
     * The command that rewrites this benchmark's baseline entries: dbbench-maven-plugin's accept
     * goal, which runs it again with the profiles and properties of this run (results.json records
     * them); plus what the user must add where the run could not record it.
     */
    public String acceptCommand() {
        return acceptCommand(Invocation.current());
    }

    String acceptCommand(Invocation invocation) {
        final String binaryName = testClass.getName();
        final StringBuilder command = new StringBuilder("mvn dbbench:accept -Ddbbench.accept.benchmarks='")
                .append(binaryName.substring(binaryName.lastIndexOf('.') + 1)).append('#').append(method.getName())
                .append('\'');
        if (invocation.profiles().isEmpty()) {
            command.append(" -P<the profiles of this run, if any: it was not started by mvn, which records them>");
        }
        invocation.omitted().forEach(name -> command.append(" -D").append(name).append("=..."));
        return command.toString();
    }
}
