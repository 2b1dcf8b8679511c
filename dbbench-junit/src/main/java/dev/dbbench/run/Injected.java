package dev.dbbench.run;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.spec.EngineTarget;

/**
 * The engine values one benchmark's methods were given (its body, the other sides of its
 * expectations, its {@code @BeforeSample} hooks), so that they can be checked and freed together.
 */
final class Injected {

    private record Given(Method method, Parameter parameter, Object value, EngineTarget target,
            ScratchDatabase database) {
    }

    private final Class<?> testClass;
    private final List<Given> given = new ArrayList<>();

    Injected(Class<?> testClass) {
        this.testClass = testClass;
    }

    /** Remembers the engine values among {@code values}, the arguments of {@code method} on {@code target}. */
    void add(Method method, Object[] values, EngineTarget target, Arguments arguments) throws Exception {
        final Parameter[] parameters = method.getParameters();
        for (int i = 0; i < parameters.length; i++) {
            if (target.kind().injects(parameters[i].getType())) {
                given.add(new Given(method, parameters[i], values[i], target, arguments.database(target)));
            }
        }
    }

    boolean anyConnection() {
        return given.stream().anyMatch(value -> value.value() instanceof Connection);
    }

    /** Cancels what the values are doing and closes them, for a call that did not return by its timeout. */
    void abort() throws Exception {
        Exception failure = null;
        for (Given value : given) {
            try {
                value.database().abort(value.value());
            } catch (Exception e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * Closes the connections that a data source a method was given handed out and nobody closed, and
     * says which method and parameter left how many: left open, they would hold the server's connection
     * slots, and the benchmarks after it would fail to connect.
     *
     * @param after when, such as "after its last call"
     */
    Optional<String> closeLeakedConnections(String after) throws Exception {
        final List<String> leaks = new ArrayList<>();
        for (Given value : given) {
            final int leaked = value.database().closeLeakedConnections(value.value());
            if (leaked > 0) {
                leaks.add(testClass.getSimpleName() + "." + value.method().getName() + "() on [" + value.target().label()
                        + "] left " + leaked + (leaked == 1 ? " connection" : " connections") + " of its "
                        + value.parameter().getType().getSimpleName() + " parameter " + value.parameter().getName()
                        + " open " + after + ": dbbench closed them, so that the benchmarks after it can still"
                        + " connect. Close each connection the method takes (try-with-resources), or keep one"
                        + " for the whole class from @BeforeAll");
            }
        }
        return leaks.isEmpty() ? Optional.empty() : Optional.of(String.join("\n", leaks));
    }

    /**
     * Rolls back every transaction a method left open on a value it was given, then fails naming
     * each: its writes were never committed, and its locks would keep other sessions waiting.
     *
     * @param after when the check runs, such as "after its samples"
     */
    void requireNoOpenTransaction(String after) throws Exception {
        final List<String> open = new ArrayList<>();
        for (Given value : given) {
            if (value.database().rollBackOpenTransaction(value.value())) {
                open.add(testClass.getSimpleName() + "." + value.method().getName() + "() on ["
                        + value.target().label() + "] left a transaction open on its "
                        + value.parameter().getType().getSimpleName() + " parameter "
                        + value.parameter().getName() + " " + after + ": its writes were never committed, and its"
                        + " locks would have kept other sessions waiting (dbbench's plan capture among them)."
                        + " dbbench rolled it back. Commit or roll back before the method returns, or leave"
                        + " auto-commit on");
            }
        }
        if (!open.isEmpty()) {
            throw new IllegalStateException(String.join("\n", open));
        }
    }
}
