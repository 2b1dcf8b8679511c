package dev.dbbench.engine.postgres;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.engine.EngineServer;
import dev.dbbench.engine.RulerWorkload;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.spec.EngineTarget;

/**
 * A PostgreSQL server run from the real binaries of an io.zonky.test.postgres binaries jar; its
 * shutdown hook stops the server if the JVM dies before {@link #close()}.
 */
public final class EmbeddedPostgresServer implements EngineServer {

    private final EngineTarget target;
    private final PostgresProcess postgres;
    private final Duration startTime;
    private final SortedMap<String, String> fingerprint;
    private boolean closed;

    private EmbeddedPostgresServer(EngineTarget target, PostgresProcess postgres, Duration startTime,
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
        final long start = System.nanoTime();
        final PostgresProcess postgres;
        try {
            postgres = PostgresProcess.start(PostgresInstallation.unpack(binaries), target.settings());
        } catch (IOException e) {
            throw new IllegalStateException("embedded PostgreSQL " + binaries.version() + " (from " + binaries.source()
                    + ") did not start with settings " + target.settings() + ": " + e.getMessage(), e);
        }
        final Duration startTime = Duration.ofNanos(System.nanoTime() - start);
        try {
            final SortedMap<String, String> fingerprint = PostgresFingerprint.read(postgres.adminDataSource());
            fingerprint.put("engine.provider", target.provider().label());
            fingerprint.put("engine.binaries", binaries.version());
            return new EmbeddedPostgresServer(target, postgres, startTime, fingerprint);
        } catch (SQLException | RuntimeException e) {
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
        return PostgresScratchDatabase.create(namePrefix, postgres.adminDataSource(), postgres::dataSource);
    }

    @Override
    public Optional<RulerWorkload> openRulerWorkload() throws SQLException {
        return Optional.of(PostgresFingerprint.rulerWorkload(postgres.adminDataSource()));
    }

    @Override
    public boolean alive() {
        return postgres.alive();
    }

    @Override
    public Optional<String> failureDiagnosis() {
        return alive() ? Optional.empty()
                : Optional.of("its embedded PostgreSQL server is no longer running; its last log lines:\n"
                        + postgres.lastLogLines());
    }

    @Override
    public synchronized void close() throws Exception {
        if (!closed) {
            closed = true;
            postgres.close();
        }
    }
}
