package dev.dbbench.junit;

import java.lang.reflect.Method;
import java.util.List;

import dev.dbbench.engine.EngineTarget;
import dev.dbbench.measure.SamplingPlan;
import dev.dbbench.plan.PlanJudge;
import dev.dbbench.verdict.DecisionRule;

/** What one {@code @DbBenchmark} method will do: how it is sampled and judged, on which targets. */
record BenchmarkPlan(Class<?> testClass, Method method, SamplingPlan sampling, DecisionRule rule,
        List<EngineTarget> targets, List<ExpectationPlan> expectations, PlanJudge.Expectations planExpectations) {

    BenchmarkPlan {
        targets = List.copyOf(targets);
        expectations = List.copyOf(expectations);
    }

    /** {@code ClassName.method()}, as configuration errors name it. */
    String where() {
        return testClass.getSimpleName() + "." + method.getName() + "()";
    }

    /** The baseline key of this benchmark on a target. */
    String key(EngineTarget target) {
        return method.getName() + " [" + target.label() + "]";
    }
}
