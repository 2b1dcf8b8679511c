package dev.dbbench.spec;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.ExpectScaling;
import dev.dbbench.api.Growth;
import dev.dbbench.api.Scale;
import dev.dbbench.config.Choices;
import dev.dbbench.config.ScaleLevel;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * The {@code @Scale} parameter of a benchmark, from the method's annotation, else its class's (or an
 * enclosing class's), with the values the run's scale picks, and its {@code @ExpectScaling}, both
 * validated before anything runs.
 */
public final class Scales {

    /** Fewer values than this cannot show a growth that holds across them. */
    static final int MIN_VALUES_JUDGED = 3;

    private Scales() {
    }

    /** The benchmark's parameter at {@code level}, validated; empty when it declares none. */
    static Optional<ScaleSpec> of(Class<?> testClass, Method method, ScaleLevel level) {
        final String element = testClass.getSimpleName() + "." + method.getName() + "()";
        final Optional<ExpectScaling> expectation = AnnotationSupport.findAnnotation(method, ExpectScaling.class);
        final Optional<Declared> declared = declared(testClass, method);
        if (declared.isEmpty()) {
            if (expectation.isPresent()) {
                throw new DbBenchConfigurationException("@ExpectScaling on " + element + " needs a parameter to judge"
                        + " growth over, but neither the method nor its class declares @Scale");
            }
            return Optional.empty();
        }
        final Scale scale = declared.get().scale();
        final String where = "@Scale(name = \"" + scale.name() + "\") on " + declared.get().element();
        if (!scale.name().matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new DbBenchConfigurationException("@Scale on " + declared.get().element() + " must declare name as"
                    + " a Java identifier, such as \"rows\", but was \"" + scale.name() + "\"");
        }
        check(where, "small", scale.small());
        check(where, "large", scale.large());
        if (expectation.isPresent()) {
            for (ScaleLevel each : ScaleLevel.values()) {
                checkJudgeable("@ExpectScaling on " + element, scale.name(), each, values(scale, each));
            }
            if (expectation.get().statements().length > 1) {
                throw new DbBenchConfigurationException("@ExpectScaling on " + element + " must declare at most one"
                        + " growth for statements but was " + Arrays.toString(expectation.get().statements()));
            }
        }
        final Optional<Growth> atMost = expectation.map(ExpectScaling::atMost);
        return Optional.of(new ScaleSpec(scale.name(), LongStream.of(values(scale, level)).boxed().toList(), atMost,
                expectation.flatMap(expected -> Arrays.stream(expected.statements()).findFirst()).or(() -> atMost)));
    }

    /** The values a scale runs over at a level: {@code large} falls back to {@code small}. */
    private static long[] values(Scale scale, ScaleLevel level) {
        return level == ScaleLevel.LARGE && scale.large().length > 0 ? scale.large() : scale.small();
    }

    /** The {@code @Scale} a benchmark runs over, with the element that declares it; the same for equal scales. */
    static Optional<Scale> declaredScale(Class<?> testClass, Method method) {
        return declared(testClass, method).map(Declared::scale);
    }

    /**
     * The names of the parameters the class's benchmarks run over: its own {@code @Scale}'s (or an
     * enclosing class's) and those of its {@code @DbBenchmark} methods.
     */
    public static Set<String> namesIn(Class<?> testClass) {
        final Set<String> names = new TreeSet<>();
        onClass(testClass).ifPresent(declared -> names.add(declared.scale().name()));
        for (Method method : AnnotationSupport.findAnnotatedMethods(testClass, DbBenchmark.class,
                HierarchyTraversalMode.TOP_DOWN)) {
            AnnotationSupport.findAnnotation(method, Scale.class).ifPresent(scale -> names.add(scale.name()));
        }
        return names;
    }

    /** A {@code @Scale} and the element that declares it, as messages name it. */
    private record Declared(Scale scale, String element) {
    }

    private static Optional<Declared> declared(Class<?> testClass, Method method) {
        return AnnotationSupport.findAnnotation(method, Scale.class)
                .map(scale -> new Declared(scale, testClass.getSimpleName() + "." + method.getName() + "()"))
                .or(() -> onClass(testClass));
    }

    private static Optional<Declared> onClass(Class<?> testClass) {
        for (Class<?> current = testClass; current != null; current = current.getEnclosingClass()) {
            final Optional<Scale> found = AnnotationSupport.findAnnotation(current, Scale.class);
            if (found.isPresent()) {
                return Optional.of(new Declared(found.get(), current.getSimpleName()));
            }
        }
        return Optional.empty();
    }

    private static void check(String where, String list, long[] values) {
        if (list.equals("small") && values.length == 0) {
            throw new DbBenchConfigurationException(where + " must declare at least one value in small, but it"
                    + " declares none");
        }
        final Set<Long> seen = new HashSet<>();
        for (long value : values) {
            if (!seen.add(value)) {
                throw new DbBenchConfigurationException(where + " declares the value " + value + " twice in " + list
                        + "; each value is one benchmark, with one baseline entry");
            }
        }
    }

    /**
     * Some method of the class takes the value of the benchmark's parameter; else every value would
     * measure the same thing. Checked after the benchmark's own parameters, whose errors say more.
     */
    static void checkTaken(Class<?> testClass, Method method, String name) {
        final boolean taken = !ReflectionSupport.findMethods(testClass,
                candidate -> Stream.of(candidate.getParameters())
                        .anyMatch(parameter -> ScalePoint.takes(parameter, name)),
                HierarchyTraversalMode.TOP_DOWN).isEmpty();
        if (!taken) {
            final String where = "@Scale(name = \"" + name + "\") on "
                    + declared(testClass, method).orElseThrow().element();
            throw new DbBenchConfigurationException(where + " gives its values to int or long parameters named "
                    + name + ", but no method of " + testClass.getSimpleName() + " declares one, so every value"
                    + " would measure the same thing; declare it on the benchmark or on a @DbFixture, @BeforeSample,"
                    + " @BeforeEach or @AfterEach method (compile with -parameters)");
        }
    }

    /** Growth is judged against the smallest value and {@code log n}: at least three values, all at least 2. */
    private static void checkJudgeable(String where, String name, ScaleLevel level, long[] values) {
        final String scale = "dbbench.scale=" + Choices.spelling(level);
        if (values.length < MIN_VALUES_JUDGED) {
            throw new DbBenchConfigurationException(where + " needs at least " + MIN_VALUES_JUDGED + " values of "
                    + name + " to judge growth, but @Scale gives " + values.length + " at " + scale);
        }
        final long smallest = LongStream.of(values).min().orElseThrow();
        if (smallest < 2) {
            throw new DbBenchConfigurationException(where + " needs values of " + name + " of at least 2 (growth"
                    + " is judged against log " + name + "), but @Scale gives " + smallest + " at " + scale);
        }
    }
}
