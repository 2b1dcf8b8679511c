package dev.dbbench.run;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.util.Arrays;
import java.util.Optional;

import javax.sql.DataSource;

import dev.dbbench.explain.RecordingJdbc;
import dev.dbbench.explain.StatementLog;
import dev.dbbench.measure.Operation;
import dev.dbbench.measure.Watchdog;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;

/**
 * One more call of a benchmark body, untimed, through JDBC wrappers that record each statement, for
 * an EXPLAIN of each: only PostgreSQL targets, and only bodies that take a Connection or DataSource.
 */
final class PlanCapture {

    private PlanCapture() {
    }

    /** Whether a call of the body with these arguments has plans to capture on the target. */
    static boolean applies(EngineTarget target, Object[] arguments, Optional<DataSource> database) {
        final boolean usesJdbc = Arrays.stream(arguments)
                .anyMatch(argument -> argument instanceof Connection || argument instanceof DataSource);
        return target.kind() == EngineKind.POSTGRES && usesJdbc && database.isPresent();
    }

    /**
     * Calls the body once, with its JDBC arguments recording what it executes, on the watchdog's
     * thread and within its deadline.
     *
     * @param beforeSample run first, as before every sample, so the call sees the state samples saw
     */
    static StatementLog call(Method method, Object instance, Object[] arguments, Operation beforeSample,
            Watchdog watchdog) throws Throwable {
        final StatementLog log = new StatementLog();
        final Object[] recording = new Object[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            recording[i] = arguments[i] instanceof Connection connection ? RecordingJdbc.record(connection, log)
                    : arguments[i] instanceof DataSource dataSource ? RecordingJdbc.record(dataSource, log)
                    : arguments[i];
        }
        return watchdog.call(() -> "the plan-capture call after the samples", () -> {
            beforeSample.run();
            Invoker.invoke(method, instance, recording);
            return log;
        });
    }
}
