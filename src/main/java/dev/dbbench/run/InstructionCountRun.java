package dev.dbbench.run;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import dev.dbbench.engine.Closer;
import dev.dbbench.engine.InstructionCounting;
import dev.dbbench.metric.InstructionCounts;

/**
 * Counts the server instructions of a benchmark's body on the counting copy of its class's database:
 * its {@code @BeforeSample} hooks run before every call on connections of their own, its
 * {@code Connection} parameters are replaced by the counted connection.
 *
 * <p>How many warm-up and counted calls: a baseline's counts are only compared with counts taken the
 * same way, so those of the baseline entry when there is one; otherwise ten warm-ups (a steady state:
 * pgjdbc's server-side statements and the planner's generic plans are in place by then) and five
 * counted calls, fewer where callgrind would make that cost more than the timed samples did.
 */
final class InstructionCountRun {

    /** How much slower the server runs under callgrind than natively, for work that is mostly the server's. */
    static final int SLOWDOWN = 45;
    /** What each marker between counted statements costs in time: callgrind writes a dump. */
    static final Duration PER_MARKER = Duration.ofMillis(15);
    /** The least time counting may take, whatever the samples took. */
    static final Duration MIN_BUDGET = Duration.ofSeconds(5);

    /** Warm-up and counted calls. */
    record Plan(int warmups, int calls) {
    }

    private InstructionCountRun() {
    }

    /** The warm-ups and calls that fit a budget like the timed samples', or the baseline's. */
    static Plan plan(Optional<InstructionCounts> baseline, double medianNanosPerOp, long statementsPerCall,
            Duration sampling) {
        if (baseline.isPresent()) {
            return new Plan(baseline.get().warmups(), baseline.get().calls());
        }
        final double perCall = SLOWDOWN * medianNanosPerOp + PER_MARKER.toNanos() * (statementsPerCall + 1);
        final double budget = Math.max(MIN_BUDGET.toNanos(), sampling.toNanos());
        for (Plan plan : List.of(new Plan(InstructionCounts.STEADY_WARMUPS, 5), new Plan(2, 3))) {
            if ((plan.warmups() + plan.calls()) * perCall <= budget) {
                return plan;
            }
        }
        return new Plan(1, 1);
    }

    /** Counts the body's calls under the plan. */
    static InstructionCounts count(InstructionCounting counting, Method method, Object instance,
            Object[] arguments, List<Method> hooks, Plan plan) throws Throwable {
        final InstructionCounting.InstructionCount count;
        try (Closer scope = new Closer()) {
            final List<Object[]> hookArguments = new ArrayList<>();
            for (Method hook : hooks) {
                hookArguments.add(onCopy(hook.getParameterTypes(), counting.dataSource(), scope));
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
            }, plan.warmups(), plan.calls());
        }
        return InstructionCounts.of(count, plan.warmups(), counting.counter());
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

    /** A hook's engine values on the counting copy: connections of their own, whose work is not counted. */
    private static Object[] onCopy(Class<?>[] types, DataSource copy, Closer scope) throws Exception {
        final Object[] values = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            values[i] = types[i] == Connection.class ? scope.register(copy.getConnection()) : copy;
        }
        return values;
    }
}
