package dev.dbbench.explain;

import java.sql.Connection;
import java.util.List;

import javax.sql.DataSource;

import dev.dbbench.engine.postgres.JdbcInterception;

/**
 * Wraps JDBC objects so that every statement executed through them is written to a
 * {@link StatementLog}, parameters included. Used only for the one untimed capture call of a body,
 * never while samples are timed.
 */
public final class RecordingJdbc {

    private RecordingJdbc() {
    }

    public static DataSource record(DataSource target, StatementLog log) {
        return JdbcInterception.intercept(target, statements -> log(statements, log));
    }

    public static Connection record(Connection target, StatementLog log) {
        return JdbcInterception.intercept(target, statements -> log(statements, log));
    }

    private static void log(List<JdbcInterception.Executed> statements, StatementLog log) {
        statements.forEach(statement -> log.executed(statement.sql(), statement.parameters()));
    }
}
