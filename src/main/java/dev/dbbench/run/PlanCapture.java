package dev.dbbench.run;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.util.Arrays;
import java.util.Optional;

import javax.sql.DataSource;

import dev.dbbench.explain.PlanExplainer;
import dev.dbbench.explain.RecordingJdbc;
import dev.dbbench.explain.StatementLog;
import dev.dbbench.measure.Operation;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;

/**
 * One more call of a benchmark body, untimed, through JDBC wrappers that record each statement, then
 * an EXPLAIN of each: only PostgreSQL targets, and only bodies that take a Connection or DataSource.
 */
final class PlanCapture {

    private PlanCapture() {
    }

    /**
     * @param beforeSample run first, as before every sample, so the call sees the state samples saw
     * @param database where the statements are explained, on a connection of its own
     */
    static Optional<PlanExplainer.Explained> capture(EngineTarget target, Method method, Object instance,
            Object[] arguments, Operation beforeSample, Optional<DataSource> database) throws Throwable {
        final boolean usesJdbc = Arrays.stream(arguments)
                .anyMatch(argument -> argument instanceof Connection || argument instanceof DataSource);
        if (target.kind() != EngineKind.POSTGRES || !usesJdbc || database.isEmpty()) {
            return Optional.empty();
        }
        final StatementLog log = new StatementLog();
        final Object[] recording = new Object[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            recording[i] = arguments[i] instanceof Connection connection ? RecordingJdbc.record(connection, log)
                    : arguments[i] instanceof DataSource dataSource ? RecordingJdbc.record(dataSource, log)
                    : arguments[i];
        }
        beforeSample.run();
        Invoker.invoke(method, instance, recording);
        return Optional.of(new PlanExplainer().explain(database.get(), log));
    }
}
