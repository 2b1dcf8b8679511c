package dev.dbbench.engine.postgres;

import java.io.IOException;
import java.lang.reflect.Parameter;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.OptionalLong;

import javax.sql.DataSource;

import dev.dbbench.api.JdbcDatabase;
import dev.dbbench.engine.CaptureProbe;
import dev.dbbench.engine.Closer;
import dev.dbbench.engine.Facts;
import dev.dbbench.engine.InstructionCounting;
import dev.dbbench.engine.Routing;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.ScratchNames;
import dev.dbbench.engine.ServerCpuProbe;
import dev.dbbench.engine.StatementListener;
import dev.dbbench.engine.Traffic;
import dev.dbbench.engine.Writes;
import org.postgresql.PGConnection;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * A PostgreSQL database created for one test class. It injects a fresh auto-commit {@link Connection}
 * per scope, a {@link DataSource} and its {@link JdbcDatabase} details; an application's own pool
 * may take its physical connections from {@link #applicationDataSource()}, which the injected ones
 * come from too. Whatever goes through those connections during the call captured is captured at the
 * database, on any thread: their traffic and their statements; and, where the server counts
 * statements itself, everything that ran on the database.
 */
final class PostgresScratchDatabase implements ScratchDatabase {

    /** PostgreSQL truncates identifiers longer than this. */
    private static final int MAX_IDENTIFIER = 63;

    /** The server a database lives on, as a database needs it. */
    interface Server {

        /** The server's own database, for dbbench's statements (CREATE and DROP DATABASE). */
        DataSource admin();

        /** A plain data source of the database {@code name}, for dbbench's own sessions on it (EXPLAIN). */
        DataSource dataSource(String name);

        /** How connections reach the database {@code name}. */
        DatabaseAddress address(String name);

        /** The server's own count of statements, where it keeps one. */
        default Optional<ServerStatements> statements() {
            return Optional.empty();
        }
    }

    private final String name;
    private final Server server;
    /** PostgreSQL's SQLSTATE for a statement the role may not run. */
    private static final String INSUFFICIENT_PRIVILEGE = "42501";
    /** PostgreSQL's SQLSTATE for a database that still has sessions. */
    private static final String OBJECT_IN_USE = "55006";
    private static final long DROP_PATIENCE_MILLIS = 30_000;

    private final DataSource dataSource;
    private final DatabaseAddress address;
    private final Closer closer = new Closer();
    private final CountingSockets.Meter meter;
    private final ApplicationConnections application;
    private final Counting counting;
    private InstructionCounter counter;
    private boolean closed;

    /** Starts the instruction counter of a database, by its name, when it is first needed. */
    @FunctionalInterface
    interface Counting {

        InstructionCounter start(String database) throws IOException;

        /** Why this database's server counts no instructions. */
        default String unavailable() {
            return "";
        }

        static Counting unavailable(String reason) {
            return new Counting() {
                @Override
                public InstructionCounter start(String database) {
                    throw new IllegalStateException(reason);
                }

                @Override
                public String unavailable() {
                    return reason;
                }
            };
        }
    }

    private PostgresScratchDatabase(String name, Server server, Counting counting) {
        this.name = name;
        this.server = server;
        this.dataSource = server.dataSource(name);
        this.address = server.address(name);
        this.counting = counting;
        this.meter = closer.register(new CountingSockets.Meter());
        this.application = new ApplicationConnections(() -> address.connect(meter), meter);
    }

    /**
     * Creates a uniquely named database on {@code server}: empty, or a copy of {@code template}.
     *
     * @param counting counts instructions on a copy of it, or says why it cannot
     */
    static PostgresScratchDatabase create(String namePrefix, Optional<String> template, Server server,
            Counting counting) throws SQLException {
        final String name = uniqueName(namePrefix);
        try (Connection connection = server.admin().getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + quote(name) + template.map(from -> " TEMPLATE " + quote(from))
                    .orElse(""));
        }
        return new PostgresScratchDatabase(name, server, counting);
    }

    /**
     * The instruction counter of this database: a copy of the server's data, taken when first asked
     * (after the class's data is loaded), run under callgrind until the database is dropped.
     */
    @Override
    public synchronized Optional<InstructionCounting> instructionCounting() throws IOException {
        if (!counting.unavailable().isEmpty()) {
            return Optional.empty();
        }
        if (counter == null) {
            counter = closer.register(counting.start(name));
        }
        return Optional.of(counter);
    }

    @Override
    public String whyNoInstructionCounting() {
        return counting.unavailable();
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
    public Optional<JdbcDatabase> details() {
        return Optional.of(address.details());
    }

    @Override
    public Optional<DataSource> applicationDataSource() {
        return Optional.of(application.dataSource());
    }

    @Override
    public int openApplicationConnections() {
        return application.openConnections();
    }

    @Override
    public Optional<ServerCpuProbe> serverCpuProbe(Object injected) {
        return injected instanceof Connection connection ? BackendCpuProbe.on(connection, dataSource) : Optional.empty();
    }

    @Override
    public Optional<CaptureProbe> captureProbe() {
        final Optional<ServerStatements> statements = server.statements();
        return Optional.of((listener, call) -> {
            if (statements.isEmpty()) {
                return new CaptureProbe.Captured(captured(listener, call), OptionalLong.empty(), Facts.NONE);
            }
            final boolean checkpointed = checkpoint();
            // What the fixture and the hooks counted reaches the server's I/O statistics before the call.
            application.flushStatistics();
            final ServerWal.Autovacuum autovacuumBefore = autovacuum();
            final ServerStatements.Snapshot before = statements.get().read(name);
            // One connection, opened before the call and not to this database (whose statements are counted),
            // reads where the WAL ends on both sides of it; the counts are read outside that window, since a
            // session's start writes WAL of its own.
            try (Connection wal = statements.get().connection()) {
                final ServerWal.Io ioBefore = checkpointed ? ServerWal.io(wal) : ServerWal.Io.NONE;
                final long walBefore = walInserted(wal);
                final Traffic traffic = captured(listener, call);
                final long walAfter = walInserted(wal);
                final ServerStatements.Snapshot after = statements.get().read(name);
                final boolean autovacuumMeanwhile = autovacuumBefore.overlaps(autovacuum());
                if (!checkpointed) {
                    return new CaptureProbe.Captured(traffic, OptionalLong.of(after.callsSince(before)), Facts.NONE);
                }
                application.flushStatistics();
                final ServerWal.Io io = ServerWal.io(wal).since(ioBefore);
                final Writes statementWrites = after.writesSince(before).withServerWalBytes(walAfter - walBefore);
                return new CaptureProbe.Captured(traffic, OptionalLong.of(after.callsSince(before)), Facts.NONE.with(
                        ServerWal.read(wal, name, walBefore, walAfter, io)
                                .map(read -> autovacuumMeanwhile ? read.withAutovacuum() : read)
                                .map(statementWrites::withServerApart).orElse(statementWrites)));
            }
        });
    }

    /** Autovacuum's work on this database now, read on a session of dbbench's own. */
    private ServerWal.Autovacuum autovacuum() throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            return ServerWal.autovacuum(connection);
        }
    }

    /** The traffic of {@code call}, its statements told to {@code listener}. */
    private Traffic captured(StatementListener listener, CaptureProbe.Call call) throws Throwable {
        try (CountingSockets.Window window = meter.open(); AutoCloseable listening = application.listen(listener)) {
            call.run();
            return window.traffic();
        }
    }

    /** Where the server's write-ahead log ends now, in bytes from its start. */
    private static long walInserted(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet lsn = statement.executeQuery(
                "SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::bigint")) {
            lsn.next();
            return lsn.getLong(1);
        }
    }

    /**
     * A checkpoint before the captured call: the first change of a page after a checkpoint logs the
     * whole page, and dirties a clean buffer, so counted from one the call's full-page images and
     * dirtied buffers are the pages it changes, whenever the server last checkpointed on its own.
     * Where dbbench's role may not (an external server), the call's writes are not counted.
     */
    private boolean checkpoint() throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("CHECKPOINT");
            return true;
        } catch (SQLException e) {
            if (INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())) {
                return false;
            }
            throw e;
        }
    }

    @Override
    public Routing routeTo(Connection connection) {
        return application.route(connection);
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
    public int closeLeakedConnections(Object injected) throws SQLException {
        return injected instanceof ApplicationConnections.Source source ? source.closeOpen() : 0;
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

    /**
     * Injected connections and the data source's are the application connections, whose traffic the
     * database's meter counts and whose statements a capture hears and a counted call routes, wherever
     * the body keeps them (a parameter, a field set in {@code @BeforeAll}); the details are the plain
     * address.
     */
    @Override
    public Object resolve(Parameter parameter, Closer scope) throws Exception {
        final Class<?> parameterType = parameter.getType();
        if (parameterType == DataSource.class) {
            // Whatever its user left open closes with the scope: no later benchmark runs out of connections.
            final ApplicationConnections.Source source = application.dataSource();
            scope.register(source::closeOpen);
            return source;
        }
        if (parameterType == Connection.class) {
            return scope.register(application.dataSource().getConnection());
        }
        if (parameterType == JdbcDatabase.class) {
            return address.details();
        }
        throw new IllegalArgumentException("cannot inject " + parameterType.getName());
    }

    @Override
    public synchronized void close() throws Exception {
        if (closed) {
            return;
        }
        closed = true;
        try (Closer closing = closer; Connection connection = server.admin().getConnection();
                Statement statement = connection.createStatement()) {
            drop(statement);
        }
    }

    /**
     * Drops the database, ending its sessions. The server waits 5 s for them to exit and then refuses
     * ("being accessed by other users"): on a loaded machine a session ending a statement can take
     * longer, so the drop is asked again, for up to {@link #DROP_PATIENCE_MILLIS}.
     */
    private void drop(Statement statement) throws SQLException, InterruptedException {
        final long giveUp = System.nanoTime() + DROP_PATIENCE_MILLIS * 1_000_000L;
        while (true) {
            try {
                statement.execute("DROP DATABASE IF EXISTS " + quote(name) + " WITH (FORCE)");
                return;
            } catch (SQLException e) {
                if (!OBJECT_IN_USE.equals(e.getSQLState()) || System.nanoTime() > giveUp) {
                    throw e;
                }
                Thread.sleep(200);
            }
        }
    }
}
