package dev.dbbench.spec;

import java.lang.reflect.Executable;
import java.lang.reflect.Parameter;
import java.util.Optional;

import dev.dbbench.api.DbBenchConfigurationException;

/**
 * One value of a benchmark's {@code @Scale} parameter, such as {@code rows=1000}: part of the
 * identity of the invocation that runs at it, and what its methods declaring the parameter receive.
 */
public record ScalePoint(String name, long value) {

    /** {@code rows=1000}, as display names and baseline keys end. */
    public String label() {
        return name + "=" + value;
    }

    /** Whether dbbench gives a method parameter of this type a scale value: {@code int} and {@code long} only. */
    public static boolean isValueType(Class<?> type) {
        return type == long.class || type == int.class;
    }

    /** Whether {@code parameter} receives this value: it has the parameter's name and a type that takes it. */
    public boolean receivedBy(Parameter parameter) {
        return takes(parameter, name);
    }

    /** Whether {@code parameter} takes the values of a parameter named {@code name}. */
    static boolean takes(Parameter parameter, String name) {
        return parameter.getName().equals(name) && isValueType(parameter.getType());
    }

    /** The value for {@code parameter}, when it receives it: see {@link #receivedBy} and {@link #argument}. */
    public Optional<Object> valueFor(Parameter parameter) {
        return receivedBy(parameter) ? Optional.of(argument(parameter)) : Optional.empty();
    }

    /** The value as {@code parameter}'s type takes it; an {@code int} parameter fails for a value beyond its range. */
    public Object argument(Parameter parameter) {
        if (parameter.getType() == long.class) {
            return value;
        }
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            final Executable method = parameter.getDeclaringExecutable();
            throw new DbBenchConfigurationException(method.getDeclaringClass().getSimpleName() + "." + method.getName()
                    + "() declares parameter " + name + " as int, which cannot hold " + label() + "; declare it long");
        }
        return (int) value;
    }
}
