package dev.dbbench.run;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import dev.dbbench.engine.Closer;
import dev.dbbench.engine.InstructionCounting;
import dev.dbbench.metric.InstructionCounts;
import dev.dbbench.spec.ScalePoint;

/**
 * Counts the server instructions of a benchmark's body on the counting copy of its class's database:
 * its {@code @BeforeSample} hooks run before every call on connections of their own, its
 * {@code Connection} parameters are replaced by the counted connection.
 *
 * <p>How many calls: counts are only compared with counts taken the same way, so those of the
 * baseline entry when there is one. Otherwise it depends on the work, never on the machine's speed:
 * ten warm-ups (by then pgjdbc's server-side statements and the planner's generic plans are in place:
 * a steady state) and five counted calls; for a heavy call (from {@link InstructionCounts#HEAVY} instructions, some
 * 20 ms of server CPU), whose warm-up effects are a fraction of a percent of its work and which
 * callgrind slows down some forty times, one warm-up (its first call) and one counted call.
 */
final class InstructionCountRun {

    private InstructionCountRun() {
    }

    /** How many calls to count, from the baseline's counts or the first call's instructions. */
    static InstructionCounting.Planner planner(Optional<InstructionCounts> baseline) {
        return first -> baseline.map(recorded -> new int[] {recorded.warmups(), recorded.calls()})
                .orElseGet(() -> first >= InstructionCounts.HEAVY ? new int[] {1, 1} : new int[] {InstructionCounts.STEADY_WARMUPS, 5});
    }

    /** Counts the body's calls. */
    static InstructionCounts count(InstructionCounting counting, Method method, Object instance,
            Object[] arguments, List<Method> hooks, Optional<ScalePoint> point, Optional<InstructionCounts> baseline)
            throws Throwable {
        final InstructionCounting.InstructionCount count;
        try (Closer scope = new Closer()) {
            final List<Object[]> hookArguments = new ArrayList<>();
            for (Method hook : hooks) {
                hookArguments.add(onCopy(hook, point, counting.dataSource(), scope));
            }
            count = counting.count(counted -> {
                for (int i = 0; i < hooks.size(); i++) {
                    Invoker.invoke(hooks.get(i), instance, hookArguments.get(i));
                }
                final Object[] called = arguments.clone();
                for (int i = 0; i < called.length; i++) {
                    if (called[i] instanceof Connection) {
                        called[i] = counted;
                    }
                }
                Invoker.invoke(method, instance, called);
            }, planner(baseline));
        }
        return InstructionCounts.of(count, counting.counter());
    }

    /** Why a body cannot be counted, or empty when it can: its server work must go through a Connection. */
    static Optional<String> uncountable(Object[] arguments) {
        if (Arrays.stream(arguments).anyMatch(DataSource.class::isInstance)) {
            return Optional.of("the body takes a DataSource, and instructions are counted on the one connection"
                    + " a body takes");
        }
        if (Arrays.stream(arguments).noneMatch(Connection.class::isInstance)) {
            return Optional.of("the body takes no Connection whose server work could be counted");
        }
        return Optional.empty();
    }

    /**
     * A hook's values on the counting copy: connections of their own, whose work is not counted, and
     * the invocation's value of its {@code @Scale} parameter.
     */
    private static Object[] onCopy(Method hook, Optional<ScalePoint> point, DataSource copy, Closer scope)
            throws Exception {
        final Parameter[] parameters = hook.getParameters();
        final Object[] values = new Object[parameters.length];
        for (int i = 0; i < parameters.length; i++) {
            final Parameter parameter = parameters[i];
            final Optional<Object> value = point.flatMap(each -> each.valueFor(parameter));
            if (value.isPresent()) {
                values[i] = value.get();
            } else {
                values[i] = parameter.getType() == Connection.class ? scope.register(copy.getConnection()) : copy;
            }
        }
        return values;
    }
}
