package dev.dbbench.spec;

/**
 * Which benchmark a result belongs to: test class, method and engine target. The baseline key and
 * display names are made from it.
 *
 * @param className the test class's fully qualified name
 * @param target the engine target's label, such as {@code postgres 17 embedded}
 */
public record BenchmarkId(String className, String method, String target) {

    /** The key of the benchmark's baseline entry: {@code findByBrand [postgres 17 embedded]}. */
    public String key() {
        return method + " [" + target + "]";
    }

    /** {@code SimpleClassName.method}, for tables and messages. */
    public String name() {
        return simpleClassName() + "." + method;
    }

    /** {@code SimpleClassName.method [target]}, for messages. */
    public String qualifiedName() {
        return name() + " [" + target + "]";
    }

    /** The class name without its package (nested classes keep their {@code Outer$Inner} form). */
    public String simpleClassName() {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
