package dev.dbbench.spec;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.dbbench.api.BeforeSample;
import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.DbFixture;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;

/** The methods of a test class that dbbench calls itself: {@code @BeforeSample} hooks and {@code @DbFixture}s. */
public final class LifecycleMethods {

    private LifecycleMethods() {
    }

    /**
     * The class's {@code @BeforeSample} methods, superclasses first, each checked against the benchmark's
     * targets and the name of its {@code @Scale} parameter.
     */
    static List<Method> beforeSample(Class<?> testClass, List<EngineTarget> targets, Optional<String> scale) {
        final List<Method> hooks = AnnotationSupport.findAnnotatedMethods(testClass, BeforeSample.class,
                HierarchyTraversalMode.TOP_DOWN);
        for (Method hook : hooks) {
            InjectionCheck.check("@BeforeSample method", hook, targets, InjectionCheck.Caller.DBBENCH, scale);
            if (hook.getReturnType() != void.class) {
                throw new DbBenchConfigurationException("@BeforeSample method " + testClass.getSimpleName() + "."
                        + hook.getName() + "() must return void");
            }
        }
        return hooks;
    }

    /**
     * The class's {@code @DbFixture} methods that fill a database, superclasses first, each checked
     * against the target it is about to fill. A fixture that takes the value of one of the class's
     * {@code @Scale} parameters fills only the databases made for that parameter's values.
     *
     * @param point the value the database is made for, if any
     * @param instanceAvailable whether a test instance exists to call instance methods on
     */
    public static List<Method> fixtures(Class<?> testClass, EngineTarget target, Optional<ScalePoint> point,
            boolean instanceAvailable) {
        final List<Method> fixtures = new ArrayList<>();
        for (Method fixture : AnnotationSupport.findAnnotatedMethods(testClass, DbFixture.class,
                HierarchyTraversalMode.TOP_DOWN)) {
            final Optional<String> scale = takesScale(fixture).filter(Scales.namesIn(testClass)::contains);
            if (scale.isPresent() && !scale.equals(point.map(ScalePoint::name))) {
                continue;
            }
            fixtures.add(fixture);
            InjectionCheck.check("@DbFixture method", fixture, List.of(target), InjectionCheck.Caller.DBBENCH,
                    point.map(ScalePoint::name));
            if (!Modifier.isStatic(fixture.getModifiers()) && !instanceAvailable) {
                throw new DbBenchConfigurationException("@DbFixture method " + testClass.getSimpleName() + "."
                        + fixture.getName() + "() is not static, but the database is first needed before a test"
                        + " instance exists; make it static");
            }
        }
        return fixtures;
    }

    /**
     * Whether the class's data depends on a {@code @Scale} parameter: some {@code @DbFixture} takes it,
     * so each of its values needs a database of its own.
     */
    public static boolean dataDependsOn(Class<?> testClass, String scale) {
        return AnnotationSupport.findAnnotatedMethods(testClass, DbFixture.class, HierarchyTraversalMode.TOP_DOWN)
                .stream().anyMatch(fixture -> takesScale(fixture).filter(scale::equals).isPresent());
    }

    /** The name of the scale value a method takes: its {@code int} or {@code long} parameter's. */
    private static Optional<String> takesScale(Method method) {
        for (Parameter parameter : method.getParameters()) {
            if (ScalePoint.isValueType(parameter.getType())) {
                return Optional.of(parameter.getName());
            }
        }
        return Optional.empty();
    }
}
