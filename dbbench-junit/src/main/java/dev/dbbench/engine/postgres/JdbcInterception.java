package dev.dbbench.engine.postgres;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import javax.sql.DataSource;

import dev.dbbench.engine.StatementListener;
import dev.dbbench.engine.StatementListener.Executed;

/**
 * Wraps JDBC objects so that a listener hears of every statement right before the driver executes
 * it, with its parameters: a batch is one execution of all its statements. Used for the untimed
 * calls of a body (plan capture, instruction counting), never while samples are timed.
 */
public final class JdbcInterception {

    private static final Set<String> EXECUTE = Set.of("execute", "executeQuery", "executeUpdate", "executeLargeUpdate");

    private JdbcInterception() {
    }

    public static DataSource intercept(DataSource target, StatementListener listener) {
        return proxy(DataSource.class, target, (method, args, result) ->
                "getConnection".equals(method.getName()) ? intercept((Connection) result, listener) : result);
    }

    public static Connection intercept(Connection target, StatementListener listener) {
        return proxy(Connection.class, target, (method, args, result) -> switch (method.getName()) {
            case "prepareStatement" ->
                    preparedStatement(PreparedStatement.class, (PreparedStatement) result, (String) args[0], listener);
            case "prepareCall" ->
                    preparedStatement(CallableStatement.class, (CallableStatement) result, (String) args[0], listener);
            case "createStatement" -> statement((Statement) result, listener);
            default -> result;
        });
    }

    /** {@code target}, its executions told to {@code listener}. */
    static Statement statement(Statement target, StatementListener listener) {
        final List<Executed> batch = new ArrayList<>();
        return proxy(Statement.class, target, new Handler() {
            @Override
            public void before(Method method, Object[] args) throws SQLException {
                final String name = method.getName();
                if (EXECUTE.contains(name) && args != null && args.length > 0 && args[0] instanceof String sql) {
                    listener.executing(List.of(new Executed(sql, List.of())));
                } else if (isBatchExecution(name)) {
                    listener.executing(List.copyOf(batch));
                    batch.clear();
                } else if ("addBatch".equals(name)) {
                    batch.add(new Executed((String) args[0], List.of()));
                }
            }
        });
    }

    /** {@code target}, prepared from {@code sql}, its executions told to {@code listener}, parameters included. */
    static <S extends PreparedStatement> S preparedStatement(Class<S> type, S target, String sql,
            StatementListener listener) {
        final List<Object> parameters = new ArrayList<>();
        final List<Executed> batch = new ArrayList<>();
        return proxy(type, target, new Handler() {
            @Override
            public void before(Method method, Object[] args) throws SQLException {
                final String name = method.getName();
                if (name.startsWith("set") && args != null && args.length >= 2 && args[0] instanceof Integer index) {
                    while (parameters.size() < index) {
                        parameters.add(null);
                    }
                    parameters.set(index - 1, "setNull".equals(name) ? null : args[1]);
                } else if ("clearParameters".equals(name)) {
                    parameters.clear();
                } else if (EXECUTE.contains(name) && (args == null || args.length == 0)) {
                    listener.executing(List.of(new Executed(sql, parameters)));
                } else if ("addBatch".equals(name) && (args == null || args.length == 0)) {
                    batch.add(new Executed(sql, parameters));
                } else if (isBatchExecution(name)) {
                    listener.executing(List.copyOf(batch));
                    batch.clear();
                }
            }
        });
    }

    private static boolean isBatchExecution(String name) {
        return name.startsWith("executeBatch") || name.startsWith("executeLargeBatch");
    }

    /** What a wrapper does around a call of the real object: hear of it first, then wrap what it returns. */
    private interface Handler {

        default void before(Method method, Object[] args) throws SQLException {
        }

        default Object after(Method method, Object[] args, Object result) throws SQLException {
            return result;
        }
    }

    /** A handler that only wraps what the real object returns. */
    @FunctionalInterface
    private interface Wrapping extends Handler {

        Object wrap(Method method, Object[] args, Object result) throws SQLException;

        @Override
        default Object after(Method method, Object[] args, Object result) throws SQLException {
            return wrap(method, args, result);
        }
    }

    private static <T> T proxy(Class<T> type, T target, Wrapping wrapping) {
        return proxy(type, target, (Handler) wrapping);
    }

    private static <T> T proxy(Class<T> type, T target, Handler handler) {
        final InvocationHandler invocation = (proxy, method, args) -> {
            if ("unwrap".equals(method.getName()) || "isWrapperFor".equals(method.getName())) {
                // Driver extensions (such as PostgreSQL's COPY API) are reached on the real object.
                return invoke(method, target, args);
            }
            handler.before(method, args);
            return handler.after(method, args, invoke(method, target, args));
        };
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, invocation));
    }

    /** Calls {@code method} on {@code target}, throwing what it throws rather than a reflection wrapper. */
    private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
