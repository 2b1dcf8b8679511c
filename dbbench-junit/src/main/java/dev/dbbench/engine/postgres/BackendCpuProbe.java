package dev.dbbench.engine.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

import javax.sql.DataSource;

import dev.dbbench.engine.ServerCpuProbe;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * The CPU time of the PostgreSQL backend process serving one connection, read by that backend
 * itself from {@code /proc/self/schedstat} (nanoseconds on the CPU, user and system time together).
 *
 * <p>The same query works on every provider whose server runs on Linux: embedded, in a container
 * and external. Reading a server file takes a superuser or {@code pg_read_server_files}; without
 * that, or on a server that is not Linux, there is no probe.
 */
final class BackendCpuProbe implements ServerCpuProbe {

    static final String QUERY = "SELECT pg_read_file('/proc/self/schedstat')";

    private final Connection connection;

    private BackendCpuProbe(Connection connection) {
        this.connection = connection;
    }

    /**
     * A probe on {@code connection}, after checking on a connection of its own from {@code database}
     * that the server lets this user read the file: a failed read on the benchmark's connection
     * would abort the transaction the benchmark may have open.
     */
    static Optional<ServerCpuProbe> on(Connection connection, DataSource database) {
        try (Connection check = database.getConnection()) {
            read(check);
        } catch (SQLException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.of(new BackendCpuProbe(connection));
    }

    @Override
    public long read() throws SQLException {
        // Under auto-commit off, the read would open a transaction and leave it open for the body; the
        // switch is the driver's alone while no transaction is open, so it costs no round trip.
        if (connection.getAutoCommit()
                || connection.unwrap(BaseConnection.class).getTransactionState() != TransactionState.IDLE) {
            return read(connection);
        }
        connection.setAutoCommit(true);
        try {
            return read(connection);
        } finally {
            connection.setAutoCommit(false);
        }
    }

    private static long read(Connection connection) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(QUERY); ResultSet rows = query.executeQuery()) {
            rows.next();
            return parse(rows.getString(1));
        }
    }

    /** The first of schedstat's three fields: time spent on the CPU, in nanoseconds. */
    static long parse(String schedstat) {
        final String trimmed = schedstat.strip();
        final int space = trimmed.indexOf(' ');
        try {
            return Long.parseLong(space < 0 ? trimmed : trimmed.substring(0, space));
        } catch (NumberFormatException e) {
            throw new IllegalStateException("unreadable /proc/self/schedstat from the server: \"" + trimmed + "\"", e);
        }
    }
}
