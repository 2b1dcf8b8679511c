package dev.dbbench.spec;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;

import dev.dbbench.api.BeforeSample;
import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.DbFixture;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;

/** The methods of a test class that dbbench calls itself: {@code @BeforeSample} hooks and {@code @DbFixture}s. */
public final class LifecycleMethods {

    private LifecycleMethods() {
    }

    /** The class's {@code @BeforeSample} methods, superclasses first, each checked against the benchmark's targets. */
    static List<Method> beforeSample(Class<?> testClass, List<EngineTarget> targets) {
        final List<Method> hooks = AnnotationSupport.findAnnotatedMethods(testClass, BeforeSample.class,
                HierarchyTraversalMode.TOP_DOWN);
        for (Method hook : hooks) {
            InjectionCheck.check("@BeforeSample method", hook, targets, InjectionCheck.Caller.DBBENCH);
            if (hook.getReturnType() != void.class) {
                throw new DbBenchConfigurationException("@BeforeSample method " + testClass.getSimpleName() + "."
                        + hook.getName() + "() must return void");
            }
        }
        return hooks;
    }

    /**
     * The class's {@code @DbFixture} methods, superclasses first, each checked against the target it
     * is about to fill.
     *
     * @param instanceAvailable whether a test instance exists to call instance methods on
     */
    public static List<Method> fixtures(Class<?> testClass, EngineTarget target, boolean instanceAvailable) {
        final List<Method> fixtures = AnnotationSupport.findAnnotatedMethods(testClass, DbFixture.class,
                HierarchyTraversalMode.TOP_DOWN);
        for (Method fixture : fixtures) {
            InjectionCheck.check("@DbFixture method", fixture, List.of(target), InjectionCheck.Caller.DBBENCH);
            if (!Modifier.isStatic(fixture.getModifiers()) && !instanceAvailable) {
                throw new DbBenchConfigurationException("@DbFixture method " + testClass.getSimpleName() + "."
                        + fixture.getName() + "() is not static, but the database is first needed before a test"
                        + " instance exists; make it static");
            }
        }
        return fixtures;
    }
}
