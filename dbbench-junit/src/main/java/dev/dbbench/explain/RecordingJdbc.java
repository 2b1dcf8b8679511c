package dev.dbbench.explain;

import java.sql.Connection;
import java.util.List;

import dev.dbbench.engine.StatementListener;
import dev.dbbench.engine.postgres.JdbcInterception;

/**
 * Writes every statement executed through JDBC objects to a {@link StatementLog}, parameters
 * included: through wrappers of a connection, or as the listener of a capture. Used only for the one
 * untimed capture call of a body, never while samples are timed.
 */
public final class RecordingJdbc {

    private RecordingJdbc() {
    }

    /** A listener that writes what it hears to {@code log}. */
    public static StatementListener into(StatementLog log) {
        return statements -> log(statements, log);
    }

    public static Connection record(Connection target, StatementLog log) {
        return JdbcInterception.intercept(target, into(log));
    }

    private static void log(List<StatementListener.Executed> statements, StatementLog log) {
        statements.forEach(statement -> log.executed(statement.sql(), statement.parameters()));
    }
}
