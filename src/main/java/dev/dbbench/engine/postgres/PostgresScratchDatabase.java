package dev.dbbench.engine.postgres;

import java.lang.reflect.Parameter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.function.Function;

import javax.sql.DataSource;

import dev.dbbench.engine.Closer;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.ScratchNames;
import dev.dbbench.engine.ServerCpuProbe;
import org.postgresql.PGConnection;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * A PostgreSQL database created for one test class; it injects {@link DataSource} and a fresh
 * auto-commit {@link Connection} per scope.
 */
final class PostgresScratchDatabase implements ScratchDatabase {

    /** PostgreSQL truncates identifiers longer than this. */
    private static final int MAX_IDENTIFIER = 63;

    private final String name;
    private final DataSource admin;
    private final DataSource dataSource;
    private boolean closed;

    PostgresScratchDatabase(String name, DataSource admin, DataSource dataSource) {
        this.name = name;
        this.admin = admin;
        this.dataSource = dataSource;
    }

    /** Creates a uniquely named database through {@code admin}; {@code forDatabase} connects to it by name. */
    static PostgresScratchDatabase create(String namePrefix, DataSource admin, Function<String, DataSource> forDatabase)
            throws SQLException {
        final String name = uniqueName(namePrefix);
        try (Connection connection = admin.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + quote(name));
        }
        return new PostgresScratchDatabase(name, admin, forDatabase.apply(name));
    }

    static String uniqueName(String prefix) {
        return ScratchNames.unique(prefix, MAX_IDENTIFIER);
    }

    static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Optional<DataSource> dataSource() {
        return Optional.of(dataSource);
    }

    @Override
    public Optional<ServerCpuProbe> serverCpuProbe(Object injected) {
        return injected instanceof Connection connection ? BackendCpuProbe.on(connection, dataSource) : Optional.empty();
    }

    @Override
    public void abort(Object injected) throws SQLException {
        if (injected instanceof Connection connection && !connection.isClosed()) {
            // Closing alone would leave the backend running the statement until it next writes to the client.
            connection.unwrap(PGConnection.class).cancelQuery();
            connection.close();
        }
    }

    @Override
    public boolean rollBackOpenTransaction(Object injected) throws SQLException {
        if (!(injected instanceof Connection connection) || connection.isClosed()
                || connection.unwrap(BaseConnection.class).getTransactionState() == TransactionState.IDLE) {
            return false;
        }
        // A statement rather than rollback(), which refuses a transaction opened by BEGIN under auto-commit.
        try (Statement statement = connection.createStatement()) {
            statement.execute("ROLLBACK");
        }
        return true;
    }

    @Override
    public Object resolve(Parameter parameter, Closer scope) throws Exception {
        final Class<?> parameterType = parameter.getType();
        if (parameterType == DataSource.class) {
            return dataSource;
        }
        if (parameterType == Connection.class) {
            return scope.register(dataSource.getConnection());
        }
        throw new IllegalArgumentException("cannot inject " + parameterType.getName());
    }

    @Override
    public synchronized void close() throws Exception {
        if (closed) {
            return;
        }
        closed = true;
        try (Connection connection = admin.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + quote(name) + " WITH (FORCE)");
        }
    }
}
