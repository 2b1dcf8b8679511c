package dev.dbbench.spec;

import java.lang.reflect.Executable;
import java.lang.reflect.Parameter;
import java.util.List;
import java.util.Optional;

import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.SampleTimer;

/**
 * The one rule for which parameters dbbench can give a method, checked at discovery so that a
 * {@code Connection} on a MongoDB target fails before anything starts: the types the targets'
 * engines inject, and the value of the benchmark's {@code @Scale} to an {@code int} or {@code long}
 * parameter of its name.
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
     * @param scale the name of the {@code @Scale} parameter dbbench gives the method's invocation, if any
     */
    public static void check(String role, Executable method, List<EngineTarget> targets, Caller caller,
            Optional<String> scale) {
        for (Parameter parameter : method.getParameters()) {
            final Class<?> type = parameter.getType();
            if (scaleParameter(role, method, parameter, scale, caller)) {
                continue;
            }
            if (caller == Caller.BENCHMARK && (type == SampleTimer.class || !EngineKind.anyInjects(type))) {
                continue;
            }
            for (EngineTarget target : targets) {
                if (!target.kind().injects(type)) {
                    throw new DbBenchConfigurationException(role + " " + method.getDeclaringClass().getSimpleName()
                            + "." + method.getName() + "() declares parameter " + parameter.getName() + " of type "
                            + type.getSimpleName() + ", which the target [" + target.label() + "] cannot inject;"
                            + " it injects " + target.kind().injectableTypeNames().stream().sorted().toList());
                }
            }
            if (CollectionNames.applies(parameter)) {
                CollectionNames.of(parameter);
            }
        }
    }

    /**
     * Whether the parameter takes the scale's value; a parameter of the scale's name with another type, and
     * an {@code int} or {@code long} one of another name (a benchmark's only where it has a scale: without
     * one, such a parameter may be another resolver's), cannot.
     */
    private static boolean scaleParameter(String role, Executable method, Parameter parameter, Optional<String> scale,
            Caller caller) {
        final boolean named = scale.isPresent() && scale.get().equals(parameter.getName());
        final boolean valueType = ScalePoint.isValueType(parameter.getType());
        final String declares = role + " " + method.getDeclaringClass().getSimpleName() + "." + method.getName()
                + "() declares parameter " + parameter.getName() + " of type " + parameter.getType().getSimpleName();
        if (named && !valueType) {
            throw new DbBenchConfigurationException(declares + ", but @Scale(name = \"" + scale.get() + "\") gives"
                    + " it whole numbers; declare it long or int");
        }
        if (valueType && !named && (scale.isPresent() || caller == Caller.DBBENCH)) {
            throw new DbBenchConfigurationException(declares + ", which dbbench gives only the value of the"
                    + " benchmark's @Scale, to a parameter of its name ("
                    + scale.map(name -> "\"" + name + "\"").orElse("it has no @Scale")
                    + "; compile with -parameters so that javac keeps parameter names)");
        }
        return named;
    }
}
