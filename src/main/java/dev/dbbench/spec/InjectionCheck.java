package dev.dbbench.spec;

import java.lang.reflect.Executable;
import java.lang.reflect.Parameter;
import java.util.List;

import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.SampleTimer;

/**
 * The one rule for which parameters dbbench can give a method, checked at discovery so that a
 * {@code Connection} on a MongoDB target fails before anything starts.
 */
public final class InjectionCheck {

    /** Who calls a method, which decides what its other parameters may be. */
    public enum Caller {
        /**
         * A benchmark: JUnit resolves its arguments, so types no engine injects belong to other
         * parameter resolvers ({@code TestInfo}, say), and {@link SampleTimer} is dbbench's.
         */
        BENCHMARK,
        /** A hook or fixture dbbench calls itself: every parameter must be one an engine injects. */
        DBBENCH
    }

    private InjectionCheck() {
    }

    /**
     * @param role how messages name the method, such as "@DbBenchmark method"
     */
    public static void check(String role, Executable method, List<EngineTarget> targets, Caller caller) {
        for (Parameter parameter : method.getParameters()) {
            final Class<?> type = parameter.getType();
            if (caller == Caller.BENCHMARK && (type == SampleTimer.class || !EngineKind.anyInjects(type))) {
                continue;
            }
            for (EngineTarget target : targets) {
                if (!target.kind().injectableTypes().contains(type)) {
                    throw new DbBenchConfigurationException(role + " " + method.getDeclaringClass().getSimpleName()
                            + "." + method.getName() + "() declares parameter " + parameter.getName() + " of type "
                            + type.getSimpleName() + ", which the target [" + target.label() + "] cannot inject;"
                            + " it injects " + target.kind().injectableTypes().stream().map(Class::getSimpleName)
                                    .sorted().toList());
                }
            }
            if (CollectionNames.applies(parameter)) {
                CollectionNames.of(parameter);
            }
        }
    }
}
