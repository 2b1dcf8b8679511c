package dev.dbbench.run;

import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.List;
import java.util.Optional;

import dev.dbbench.api.SampleTimer;
import dev.dbbench.engine.Closer;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.measure.RegionTimer;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.LifecycleMethods;
import dev.dbbench.spec.ScalePoint;

/**
 * The one way dbbench gives a method its parameters, for benchmarks, {@code @BeforeSample} hooks,
 * {@code @DbFixture}s and class-level lifecycle methods alike: each engine type from the class's
 * database on the target (created and filled by the class's fixtures on first use), a
 * {@link SampleTimer} from the given timer, and the invocation's value of its {@code @Scale} parameter
 * to a parameter of that name. When some fixture takes that value, the class's data depends on it,
 * and each value has a database of its own.
 */
public final class Arguments {

    private final ClassContext classContext;
    private final Object instance;
    private final Optional<ScalePoint> point;

    /**
     * @param instance the test instance, or {@code null} before one exists (class-level methods)
     * @param point the invocation's value of its {@code @Scale} parameter; empty for none
     */
    public Arguments(ClassContext classContext, Object instance, Optional<ScalePoint> point) {
        this.classContext = classContext;
        this.instance = instance;
        this.point = point;
    }

    /** Values for every parameter of {@code method} on {@code target}; what needs closing closes with {@code scope}. */
    Object[] resolve(Executable method, EngineTarget target, Closer scope, RegionTimer timer) throws Exception {
        return values(method, parameter -> parameter.getType() == SampleTimer.class
                ? timer
                : resolve(parameter, target, scope));
    }

    /**
     * A value for one engine parameter, or the parameter of the invocation's scale, on {@code target};
     * when the server is why none can be had (it died, say), a failure that says so.
     */
    public Object resolve(Parameter parameter, EngineTarget target, Closer scope) throws Exception {
        final Optional<Object> value = point.flatMap(each -> each.valueFor(parameter));
        try {
            return value.isPresent() ? value.get() : database(target).resolve(parameter, scope);
        } catch (Exception e) {
            final Optional<ServerFailure> explained = classContext.explained(target, "", e);
            if (explained.isPresent()) {
                throw explained.get();
            }
            throw e;
        }
    }

    /**
     * The class's database on a target (for the invocation's value of its parameter, when the class's
     * data depends on it), created and filled by its {@code @DbFixture} methods on first use.
     */
    public ScratchDatabase database(EngineTarget target) throws Exception {
        final Optional<ScalePoint> data = point.filter(value ->
                LifecycleMethods.dataDependsOn(classContext.testClass(), value.name()));
        return classContext.database(target, data, (on, database) -> fill(on, data, database));
    }

    private void fill(EngineTarget target, Optional<ScalePoint> data, ScratchDatabase database) throws Exception {
        final List<Method> fixtures = LifecycleMethods.fixtures(classContext.testClass(), target, data,
                instance != null);
        if (fixtures.isEmpty()) {
            return;
        }
        try (Closer scope = new Closer()) {
            for (Method fixture : fixtures) {
                final Object[] values = values(fixture, parameter -> {
                    final Optional<Object> value = data.flatMap(each -> each.valueFor(parameter));
                    return value.isPresent() ? value.get() : database.resolve(parameter, scope);
                });
                try {
                    OwnThread.call("dbbench fixture " + fixture.getName(), () -> {
                        Invoker.invoke(fixture, instance, values);
                        return null;
                    });
                } catch (Exception | Error e) {
                    throw e;
                } catch (Throwable e) {
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    /** Where the value of one parameter comes from. */
    @FunctionalInterface
    private interface Source {
        Object value(Parameter parameter) throws Exception;
    }

    private static Object[] values(Executable method, Source source) throws Exception {
        final Parameter[] parameters = method.getParameters();
        final Object[] values = new Object[parameters.length];
        for (int i = 0; i < parameters.length; i++) {
            values[i] = source.value(parameters[i]);
        }
        return values;
    }
}
