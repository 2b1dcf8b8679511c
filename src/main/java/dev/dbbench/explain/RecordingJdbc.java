package dev.dbbench.explain;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import javax.sql.DataSource;

/**
 * Wraps JDBC objects so that every statement executed through them is written to a
 * {@link StatementLog}, parameters included. Used only for the one untimed capture call of a body,
 * never while samples are timed.
 */
public final class RecordingJdbc {

    private static final Set<String> EXECUTE = Set.of("execute", "executeQuery", "executeUpdate", "executeLargeUpdate");

    private RecordingJdbc() {
    }

    public static DataSource record(DataSource target, StatementLog log) {
        return proxy(DataSource.class, target, (method, args, result) ->
                "getConnection".equals(method.getName()) ? record((Connection) result, log) : result);
    }

    public static Connection record(Connection target, StatementLog log) {
        return proxy(Connection.class, target, (method, args, result) -> {
            if ("prepareStatement".equals(method.getName())) {
                return preparedStatement((PreparedStatement) result, (String) args[0], log);
            }
            if ("createStatement".equals(method.getName())) {
                return statement((Statement) result, log);
            }
            return result;
        });
    }

    private static Statement statement(Statement target, StatementLog log) {
        final List<String> batch = new ArrayList<>();
        return proxy(Statement.class, target, (method, args, result) -> {
            final String name = method.getName();
            if (EXECUTE.contains(name) && args != null && args.length > 0 && args[0] instanceof String sql) {
                log.executed(sql, List.of());
            } else if ("addBatch".equals(name)) {
                batch.add((String) args[0]);
            } else if (name.startsWith("executeBatch") || name.startsWith("executeLargeBatch")) {
                batch.forEach(sql -> log.executed(sql, List.of()));
                batch.clear();
            }
            return result;
        });
    }

    private static PreparedStatement preparedStatement(PreparedStatement target, String sql, StatementLog log) {
        final List<Object> parameters = new ArrayList<>();
        final List<List<Object>> batch = new ArrayList<>();
        return proxy(PreparedStatement.class, target, (method, args, result) -> {
            final String name = method.getName();
            if (name.startsWith("set") && args != null && args.length >= 2 && args[0] instanceof Integer index) {
                while (parameters.size() < index) {
                    parameters.add(null);
                }
                parameters.set(index - 1, "setNull".equals(name) ? null : args[1]);
            } else if ("clearParameters".equals(name)) {
                parameters.clear();
            } else if (EXECUTE.contains(name) && (args == null || args.length == 0)) {
                log.executed(sql, parameters);
            } else if ("addBatch".equals(name) && (args == null || args.length == 0)) {
                batch.add(new ArrayList<>(parameters));
            } else if (name.startsWith("executeBatch") || name.startsWith("executeLargeBatch")) {
                batch.forEach(values -> log.executed(sql, values));
                batch.clear();
            }
            return result;
        });
    }

    /** What a wrapper does with the target's result of a call: pass it on or wrap it in turn. */
    @FunctionalInterface
    private interface AfterCall {
        Object apply(Method method, Object[] args, Object result) throws Exception;
    }

    private static <T> T proxy(Class<T> type, T target, AfterCall after) {
        final InvocationHandler handler = (proxy, method, args) -> {
            if ("unwrap".equals(method.getName()) || "isWrapperFor".equals(method.getName())) {
                // Driver extensions (such as PostgreSQL's COPY API) are reached on the real object.
                return method.invoke(target, args);
            }
            final Object result;
            try {
                result = method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            return after.apply(method, args, result);
        };
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }
}
