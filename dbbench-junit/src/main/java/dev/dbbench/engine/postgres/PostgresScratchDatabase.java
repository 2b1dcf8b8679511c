package dev.dbbench.engine.postgres;

import java.io.IOException;
import java.lang.reflect.Parameter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.function.Function;

import javax.sql.DataSource;

import dev.dbbench.engine.Closer;
import dev.dbbench.engine.InstructionCounting;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.ScratchNames;
import dev.dbbench.engine.ServerCpuProbe;
import dev.dbbench.engine.Traffic;
import dev.dbbench.engine.TrafficProbe;
import org.postgresql.ds.PGSimpleDataSource;
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
    private final Closer counters = new Closer();
    // What each injected connection or data source sent and received; forgotten with the value.
    private final Map<Object, CountingSockets.Counter> traffic = Collections.synchronizedMap(new WeakHashMap<>());
    private final Counting counting;
    private DataSource injectedDataSource;
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

    PostgresScratchDatabase(String name, DataSource admin, DataSource dataSource, Counting counting) {
        this.name = name;
        this.admin = admin;
        this.dataSource = dataSource;
        this.counting = counting;
    }

    /**
     * Creates a uniquely named database through {@code admin}; {@code forDatabase} connects to it by name.
     *
     * @param counting counts instructions on a copy of it, or says why it cannot
     */
    static PostgresScratchDatabase create(String namePrefix, DataSource admin, Function<String, DataSource> forDatabase,
            Counting counting) throws SQLException {
        final String name = uniqueName(namePrefix);
        try (Connection connection = admin.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + quote(name));
        }
        return new PostgresScratchDatabase(name, admin, forDatabase.apply(name), counting);
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
            counter = counters.register(counting.start(name));
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
    public Optional<ServerCpuProbe> serverCpuProbe(Object injected) {
        return injected instanceof Connection connection ? BackendCpuProbe.on(connection, dataSource) : Optional.empty();
    }

    @Override
    public Optional<TrafficProbe> trafficProbe(Object injected) {
        return Optional.ofNullable(traffic.get(injected)).map(counter -> call -> {
            final Traffic before = counter.read();
            call.run();
            return counter.read().since(before);
        });
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

    /**
     * Injected values go through sockets that count their traffic: one counter per connection, one
     * for the data source and every connection taken from it.
     */
    @Override
    public Object resolve(Parameter parameter, Closer scope) throws Exception {
        final Class<?> parameterType = parameter.getType();
        if (parameterType == DataSource.class) {
            return injectedDataSource();
        }
        if (parameterType == Connection.class) {
            final CountingSockets.Counter counter = scope.register(new CountingSockets.Counter());
            final Connection connection = scope.register(counted(dataSource, counter).getConnection());
            traffic.put(connection, counter);
            return connection;
        }
        throw new IllegalArgumentException("cannot inject " + parameterType.getName());
    }

    private synchronized DataSource injectedDataSource() {
        if (injectedDataSource == null) {
            final CountingSockets.Counter counter = counters.register(new CountingSockets.Counter());
            injectedDataSource = counted(dataSource, counter);
            traffic.put(injectedDataSource, counter);
        }
        return injectedDataSource;
    }

    /** The same database reached through sockets that count into {@code counter}. */
    @SuppressWarnings("deprecation")
    private static DataSource counted(DataSource base, CountingSockets.Counter counter) {
        if (!(base instanceof PGSimpleDataSource pg)) {
            return base;
        }
        final PGSimpleDataSource counted = new PGSimpleDataSource();
        counted.setUrl(pg.getUrl());
        counted.setUser(pg.getUser());
        counted.setPassword(pg.getPassword());
        counted.setSocketFactory(CountingSockets.Factory.class.getName());
        // The driver hands this one string to the factory's constructor; it names the counter.
        counted.setSocketFactoryArg(counter.key());
        return counted;
    }

    @Override
    public synchronized void close() throws Exception {
        if (closed) {
            return;
        }
        closed = true;
        try (Closer closing = counters; Connection connection = admin.getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + quote(name) + " WITH (FORCE)");
        }
    }
}
