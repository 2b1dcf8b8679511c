package dev.dbbench.run;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import dev.dbbench.engine.Closer;
import dev.dbbench.engine.InstructionCounting;
import dev.dbbench.engine.Routing;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.metric.InstructionCounts;
import dev.dbbench.spec.ScalePoint;

/**
 * Counts the server instructions of a benchmark's body on the counting copy of its class's database:
 * its {@code @BeforeSample} hooks run before every call on connections of their own, its
 * {@code Connection} parameters are replaced by the counted connection, and the connections of the
 * application (its {@code DataSource}, an application's own pool) are routed to it while the body runs.
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

    /**
     * Counts the body's calls. While the hooks run, the connections the database handed to the
     * application (the injected data source, an application's pool) work on a connection of their own
     * to the counting copy, uncounted; while the body runs, on the counted one.
     *
     * @return the counts, or why they could not be taken
     */
    static Counted count(InstructionCounting counting, ScratchDatabase database, Method method, Object instance,
            Object[] arguments, List<Method> hooks, Optional<ScalePoint> point, Optional<InstructionCounts> baseline)
            throws Throwable {
        final InstructionCounting.InstructionCount count;
        final List<String> refused = new ArrayList<>();
        try (Closer scope = new Closer()) {
            final List<Object[]> hookArguments = new ArrayList<>();
            for (Method hook : hooks) {
                hookArguments.add(onCopy(hook, point, counting.dataSource(), scope));
            }
            final Connection forHooks = scope.register(counting.dataSource().getConnection());
            // No share of the sampling lock: the copy's server stops while a JVM times, and the calls wait for it.
            count = counting.count(counted -> {
                try (Routing routing = database.routeTo(forHooks)) {
                    for (int i = 0; i < hooks.size(); i++) {
                        Invoker.invoke(hooks.get(i), instance, hookArguments.get(i));
                    }
                }
                final Object[] called = arguments.clone();
                for (int i = 0; i < called.length; i++) {
                    if (called[i] instanceof Connection) {
                        called[i] = counted;
                    }
                }
                try (Routing routing = database.routeTo(counted)) {
                    try {
                        Invoker.invoke(method, instance, called);
                    } finally {
                        routing.refused().ifPresent(refused::add);
                    }
                }
            }, planner(baseline));
        } catch (Throwable failure) {
            if (!refused.isEmpty()) {
                return new Counted(Optional.empty(), Optional.of(refused.get(0)));
            }
            throw failure;
        }
        return new Counted(Optional.of(InstructionCounts.of(count, counting.counter())), Optional.empty());
    }

    /** The counts of a body, or why it could not be counted. */
    record Counted(Optional<InstructionCounts> counts, Optional<String> uncountable) {
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
