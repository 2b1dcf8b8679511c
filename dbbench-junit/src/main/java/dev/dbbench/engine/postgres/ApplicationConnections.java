package dev.dbbench.engine.postgres;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import javax.sql.DataSource;

import dev.dbbench.engine.ConnectionSource;
import dev.dbbench.engine.Routing;
import dev.dbbench.engine.StatementListener;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * The connections one database hands to the application side of a benchmark: those of the injected
 * {@link DataSource}, and those an application's own pool (HikariCP under Spring Boot) takes as its
 * physical connections. Each is a real connection to the database whose traffic the database's meter
 * counts, forwarded to by an {@link ApplicationConnection} so that
 * <ul>
 * <li>while a capture listens, the statements executed on them are told to it, whichever thread
 * executes them (the body's, an executor's, a web server's request thread);
 * <li>what a pool does on its own account is never counted: opening, validating ({@code isValid}) and
 * closing a connection, at times that depend on the clock, not on the benchmark;
 * <li>while a counted call routes them, what any thread asks of them runs on the counting copy's
 * connection instead, so the application's own work is what callgrind counts.
 * </ul>
 */
final class ApplicationConnections {

    /** Opens a real connection to the database. */
    @FunctionalInterface
    interface Opener {
        Connection open() throws SQLException;
    }

    private final Opener opener;
    private final CountingSockets.Meter meter;
    private final Set<Connection> open = ConcurrentHashMap.newKeySet();
    private volatile StatementListener listening;
    private volatile Route route;

    ApplicationConnections(Opener opener, CountingSockets.Meter meter) {
        this.opener = opener;
        this.meter = meter;
    }

    /** Connections of this database: the injected data source, and an application pool's physical connections. */
    Source dataSource() {
        return new Source();
    }

    /** How many of the real connections it opened are still open. */
    int openConnections() {
        return open.size();
    }

    /**
     * Has each open connection's session add what it counted to the server's cumulative statistics
     * now rather than within the next ten seconds (a session adds them when it goes idle, at most once
     * a second unless told to): the I/O counts read around a capture call are then the call's. A
     * connection in a transaction is left alone, since its session adds nothing until the transaction
     * ends, and so is one outside auto-commit; the statement's traffic is not counted.
     */
    void flushStatistics() throws SQLException {
        for (Connection real : open) {
            // Outside auto-commit the statement would open a transaction of its own and leave it open.
            if (real.isClosed() || !real.getAutoCommit()
                    || real.unwrap(BaseConnection.class).getTransactionState() != TransactionState.IDLE) {
                continue;
            }
            meter.uncounted(() -> {
                try (Statement statement = real.createStatement()) {
                    statement.execute("SELECT pg_stat_force_next_flush()");
                } catch (SQLException e) {
                    // Before PostgreSQL 15 a session cannot be told to; its counts come when they come.
                    if (!"42883".equals(e.getSQLState())) {
                        throw e;
                    }
                }
                return null;
            });
        }
    }

    /** Until closed, the statements executed on these connections, on any thread, are told to {@code listener}. */
    AutoCloseable listen(StatementListener listener) {
        listening = listener;
        return () -> {
            if (listening == listener) {
                listening = null;
            }
        };
    }

    /** Until closed, what any thread asks of these connections runs on {@code to}. */
    Routing route(Connection to) {
        final Route started = new Route(to);
        route = started;
        return new Routing() {
            @Override
            public Optional<String> refused() {
                return Optional.ofNullable(started.refused);
            }

            @Override
            public void close() {
                if (route == started) {
                    route = null;
                }
            }
        };
    }

    /** A new real connection, its opening a pool's own work: not counted. */
    private Connection physical() throws SQLException {
        final Connection real = meter.uncounted(opener::open);
        open.add(real);
        return new ApplicationConnection(this, real);
    }

    /**
     * The connection {@code claimant}'s work goes to while a counted call routes it, claimed for it;
     * empty when nothing routes.
     */
    Optional<Connection> routedFor(ApplicationConnection claimant) throws SQLException {
        final Route routed = route;
        return routed != null ? Optional.of(routed.claim(claimant)) : Optional.empty();
    }

    /** The listener of the capture, or {@code null} when none listens. */
    StatementListener listener() {
        return listening;
    }

    /** Runs a pool's own call, such as validating a connection, without counting its traffic. */
    <T, E extends Exception> T uncounted(CountingSockets.Work<T, E> call) throws E {
        return meter.uncounted(call);
    }

    /** {@code connection} was closed: its claim on a routed connection ends, and its real one closes. */
    void closed(ApplicationConnection connection, Connection real) throws SQLException {
        final Route routed = route;
        if (routed != null) {
            routed.release(connection);
        }
        try {
            meter.uncounted(() -> {
                real.close();
                return null;
            });
        } finally {
            open.remove(real);
        }
    }

    /**
     * One connection to route to, for the one connection callgrind counts: the connections that use it
     * take turns, and one that wants it while another's transaction is open is refused, since a second
     * transaction at once (a nested {@code REQUIRES_NEW}, say) cannot run on the same connection.
     */
    private static final class Route {

        private final Connection to;
        private Object holder;
        private String refused;

        Route(Connection to) {
            this.to = to;
        }

        synchronized Connection claim(Object claimant) throws SQLException {
            if (holder != null && holder != claimant
                    && to.unwrap(BaseConnection.class).getTransactionState() != TransactionState.IDLE) {
                refused = "the body used a second connection while the transaction of its first was open (a nested"
                        + " transaction of its own, such as Spring's REQUIRES_NEW), and dbbench counts a call's server"
                        + " instructions on one connection";
                throw new SQLException("dbbench: " + refused);
            }
            holder = claimant;
            return to;
        }

        synchronized void release(Object claimant) {
            if (holder == claimant) {
                holder = null;
            }
        }
    }

    /**
     * The data source of these connections, one per use (a benchmark's parameter, an application's
     * pool), which knows the connections it handed out that are still open.
     */
    final class Source extends ConnectionSource {

        /** How many handed-out connections are kept before the closed ones among them are let go. */
        private static final int PRUNED_ABOVE = 64;

        private final Set<Connection> handedOut = ConcurrentHashMap.newKeySet();

        @Override
        public Connection getConnection() throws SQLException {
            final Connection connection = physical();
            if (handedOut.size() >= PRUNED_ABOVE) {
                handedOut.removeIf(ApplicationConnections::isClosed);
            }
            handedOut.add(connection);
            return connection;
        }

        /** Closes the connections it handed out that nobody closed, and says how many there were. */
        int closeOpen() throws SQLException {
            int closed = 0;
            for (Connection connection : handedOut) {
                if (!isClosed(connection)) {
                    connection.close();
                    closed++;
                }
            }
            handedOut.clear();
            return closed;
        }
    }

    private static boolean isClosed(Connection connection) {
        try {
            return connection.isClosed();
        } catch (SQLException e) {
            return true;
        }
    }
}
