package dev.dbbench.spec;

import java.util.Optional;

/**
 * Which benchmark a result belongs to: test class, method, engine target and, for a benchmark that
 * runs over a {@code @Scale} parameter, its value. The baseline key and display names are made from it.
 *
 * @param className the test class's fully qualified name
 * @param target the engine target's label, such as {@code postgres 17 embedded}
 * @param point the value of the benchmark's {@code @Scale} parameter; empty for a benchmark without one
 */
public record BenchmarkId(String className, String method, String target, Optional<ScalePoint> point) {

    /** A benchmark without a {@code @Scale} parameter. */
    public BenchmarkId(String className, String method, String target) {
        this(className, method, target, Optional.empty());
    }

    /**
     * The key of the benchmark's baseline entry: {@code findByBrand [postgres 17 embedded]}, or
     * {@code findByBrand [postgres 17 embedded] rows=100000} at one value of its parameter.
     */
    public String key() {
        return method + " [" + target + "]" + pointSuffix();
    }

    /** {@code SimpleClassName.method}, for tables and messages. */
    public String name() {
        return simpleClassName() + "." + method;
    }

    /** {@code SimpleClassName.method [target]}, with the parameter's value where it has one, for messages. */
    public String qualifiedName() {
        return name() + " [" + target + "]" + pointSuffix();
    }

    /** {@code " rows=1000"}, or nothing for a benchmark without a parameter. */
    private String pointSuffix() {
        return point.map(value -> " " + value.label()).orElse("");
    }

    /** The class name without its package (nested classes keep their {@code Outer$Inner} form). */
    public String simpleClassName() {
        return simpleClassName(className);
    }

    /** {@code className} without its package, nested classes in their {@code Outer$Inner} form. */
    public static String simpleClassName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
