package dev.dbbench.engine.postgres;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import java.util.SortedMap;
import java.util.TreeMap;

import javax.sql.DataSource;

import dev.dbbench.engine.EngineServer;
import dev.dbbench.engine.RulerWorkload;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.containers.RunningContainer;
import dev.dbbench.spec.EngineTarget;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A PostgreSQL server dbbench reaches by JDBC URL: a container it started, or an external server.
 * Each scratch database is created and dropped through the URL's own database.
 */
final class JdbcPostgresServer implements EngineServer {

    /** Bounds how long an unreachable server keeps a benchmark waiting, in seconds. */
    private static final int CONNECT_TIMEOUT_SECONDS = 10;

    private final EngineTarget target;
    private final String url;
    private final String user;
    private final String password;
    private final Duration startTime;
    private final SortedMap<String, String> fingerprint;
    private final Optional<RunningContainer> container;
    private Optional<ServerStatements> statements;
    private boolean closed;

    JdbcPostgresServer(EngineTarget target, String url, String user, String password, Duration startTime,
            SortedMap<String, String> fingerprint, Optional<RunningContainer> container) {
        this.target = target;
        this.url = url;
        this.user = user;
        this.password = password;
        this.startTime = startTime;
        this.fingerprint = new TreeMap<>(fingerprint);
        this.container = container;
    }

    /** The URL's database, for dbbench's own statements only: they are bounded by {@link OwnSessions}. */
    static DataSource adminDataSource(String url, String user, String password) {
        return OwnSessions.bounded(dataSource(url, user, password));
    }

    /** Another database on the URL's server. */
    static DataSource dataSource(String url, String user, String password, String database) {
        final PGSimpleDataSource dataSource = dataSource(url, user, password);
        dataSource.setDatabaseName(database);
        return dataSource;
    }

    private static PGSimpleDataSource dataSource(String url, String user, String password) {
        final PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setUrl(url);
        dataSource.setUser(user);
        dataSource.setPassword(password);
        dataSource.setConnectTimeout(CONNECT_TIMEOUT_SECONDS);
        dataSource.setLoginTimeout(CONNECT_TIMEOUT_SECONDS);
        return dataSource;
    }

    @Override
    public EngineTarget target() {
        return target;
    }

    @Override
    public Duration startTime() {
        return startTime;
    }

    @Override
    public SortedMap<String, String> fingerprint() {
        return new TreeMap<>(fingerprint);
    }

    @Override
    public ScratchDatabase createDatabase(String namePrefix) throws SQLException {
        return create(namePrefix, Optional.empty());
    }

    @Override
    public ScratchDatabase createDatabase(String namePrefix, String template) throws SQLException {
        return create(namePrefix, Optional.of(template));
    }

    private ScratchDatabase create(String namePrefix, Optional<String> template) throws SQLException {
        final DataSource admin = adminDataSource(url, user, password);
        final Optional<ServerStatements> statements = statements(admin);
        return PostgresScratchDatabase.create(namePrefix, template, new PostgresScratchDatabase.Server() {
            @Override
            public DataSource admin() {
                return admin;
            }

            @Override
            public DataSource dataSource(String name) {
                return JdbcPostgresServer.dataSource(url, user, password, name);
            }

            @Override
            public DatabaseAddress address(String name) {
                final Properties timeouts = new Properties();
                timeouts.setProperty("connectTimeout", Integer.toString(CONNECT_TIMEOUT_SECONDS));
                timeouts.setProperty("loginTimeout", Integer.toString(CONNECT_TIMEOUT_SECONDS));
                return DatabaseAddress.of(url, user, password, name, timeouts);
            }

            @Override
            public Optional<ServerStatements> statements() {
                return statements;
            }
        }, PostgresScratchDatabase.Counting.unavailable("server instructions are counted on embedded PostgreSQL only,"
                + " and this target is " + (container.isPresent() ? "a container" : "an external server")));
    }

    /** The server's statement counts, looked up once: where pg_stat_statements is loaded and installed. */
    private synchronized Optional<ServerStatements> statements(DataSource admin) {
        if (statements == null) {
            statements = ServerStatements.find(admin);
        }
        return statements;
    }

    @Override
    public Optional<RulerWorkload> openRulerWorkload() throws SQLException {
        return Optional.of(PostgresFingerprint.rulerWorkload(adminDataSource(url, user, password)));
    }

    @Override
    public boolean alive() {
        return container.map(RunningContainer::running).orElse(true);
    }

    @Override
    public Optional<String> failureDiagnosis(Throwable failure) {
        return container.flatMap(RunningContainer::diagnosis);
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            container.ifPresent(RunningContainer::close);
        }
    }
}
