package dev.dbbench.engine.postgres;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import javax.sql.DataSource;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.config.CountMode;
import dev.dbbench.config.EngineOptions;
import dev.dbbench.engine.EngineServer;
import dev.dbbench.engine.RulerWorkload;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.spec.EngineTarget;

/**
 * A PostgreSQL server run from the real binaries of an io.zonky.test.postgres binaries jar; its
 * shutdown hook stops the server if the JVM dies before {@link #close()}.
 */
public final class EmbeddedPostgresServer implements EngineServer {

    /** The fingerprint fact naming what counts instructions on this server, or why nothing does. */
    public static final String COUNTER = "counter.instructions";

    private final EngineTarget target;
    private final PostgresProcess postgres;
    private final Duration startTime;
    private final SortedMap<String, String> fingerprint;
    private final EngineOptions.Counting counting;
    private final Optional<String> counter;
    private final Optional<ServerStatements> statements;
    private volatile boolean stopping;
    private boolean closed;

    private EmbeddedPostgresServer(EngineTarget target, PostgresProcess postgres, Duration startTime,
            SortedMap<String, String> fingerprint, EngineOptions.Counting counting, Optional<String> counter,
            Optional<ServerStatements> statements) {
        this.target = target;
        this.postgres = postgres;
        this.startTime = startTime;
        this.fingerprint = fingerprint;
        this.counting = counting;
        this.counter = counter;
        this.statements = statements;
    }

    /** Starts a server for the target's major version and settings, without counting instructions. */
    public static EmbeddedPostgresServer start(EngineTarget target) throws Exception {
        return start(target, EngineOptions.Counting.OFF);
    }

    /**
     * Starts a server for the target's major version and settings; its databases count instructions
     * as {@code counting} says, where valgrind runs.
     */
    public static EmbeddedPostgresServer start(EngineTarget target, EngineOptions.Counting counting)
            throws Exception {
        final Optional<String> valgrind = counting.mode() == CountMode.OFF ? Optional.empty()
                : Callgrind.version(counting.valgrind());
        if (counting.mode() == CountMode.ON && valgrind.isEmpty()) {
            throw new IllegalStateException(ConfigKeys.COUNT_INSTRUCTIONS + "=on, but valgrind ("
                    + counting.valgrind() + ") does not run: " + INSTALL_VALGRIND + ", or point "
                    + ConfigKeys.COUNT_VALGRIND + " at it");
        }
        final PostgresBinaries.Choice binaries =
                new PostgresBinaries(PostgresBinaries.defaultLocalRepository()).forMajor(target.version());
        final long start = System.nanoTime();
        final PostgresProcess postgres;
        try {
            postgres = PostgresProcess.start(PostgresInstallation.unpack(binaries),
                    ServerStatements.loadedWith(target.settings()));
        } catch (IOException e) {
            throw new IllegalStateException("embedded PostgreSQL " + binaries.version() + " (from " + binaries.source()
                    + ") did not start with settings " + target.settings() + ": " + e.getMessage()
                    + PostgresInstallation.whereItLives(e), e);
        }
        final Duration startTime = Duration.ofNanos(System.nanoTime() - start);
        try {
            final SortedMap<String, String> fingerprint = PostgresFingerprint.read(postgres.adminDataSource());
            fingerprint.put("engine.provider", target.provider().label());
            fingerprint.put("engine.binaries", binaries.version());
            final Optional<String> counter = valgrind.map(version -> Callgrind.counter(version, binaries.version(),
                    counting.valgrind()));
            fingerprint.put(COUNTER, counter.orElse(counting.mode() == CountMode.OFF
                    ? "none (" + ConfigKeys.COUNT_INSTRUCTIONS + "=off)" : "none (valgrind is not installed)"));
            return new EmbeddedPostgresServer(target, postgres, startTime, fingerprint, counting, counter,
                    ServerStatements.install(postgres.adminDataSource()));
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

    /** How a user installs valgrind on the Debian and Ubuntu machines CI runs on. */
    static final String INSTALL_VALGRIND = "install it with apt-get install -y valgrind";

    @Override
    public ScratchDatabase createDatabase(String namePrefix) throws SQLException {
        return create(namePrefix, Optional.empty());
    }

    @Override
    public ScratchDatabase createDatabase(String namePrefix, String template) throws SQLException {
        return create(namePrefix, Optional.of(template));
    }

    private ScratchDatabase create(String namePrefix, Optional<String> template) throws SQLException {
        final PostgresScratchDatabase.Counting databaseCounting = counter
                .<PostgresScratchDatabase.Counting>map(version -> name -> InstructionCounter.start(postgres,
                        target.settings(), counting.valgrind(), name, version))
                .orElseGet(() -> PostgresScratchDatabase.Counting.unavailable(counting.mode() == CountMode.OFF
                        ? ConfigKeys.COUNT_INSTRUCTIONS + "=off"
                        : "valgrind is not installed (" + INSTALL_VALGRIND + ")"));
        return PostgresScratchDatabase.create(namePrefix, template, new PostgresScratchDatabase.Server() {
            @Override
            public DataSource admin() {
                return postgres.adminDataSource();
            }

            @Override
            public DataSource dataSource(String name) {
                return postgres.dataSource(name);
            }

            @Override
            public DatabaseAddress address(String name) {
                return postgres.address(name);
            }

            @Override
            public Optional<ServerStatements> statements() {
                return statements;
            }
        }, databaseCounting);
    }

    @Override
    public Optional<RulerWorkload> openRulerWorkload() throws SQLException {
        return Optional.of(PostgresFingerprint.rulerWorkload(postgres.adminDataSource()));
    }

    /** False too once a diagnosis found it shutting down: it takes no new connections, so the pool replaces it. */
    @Override
    public boolean alive() {
        return postgres.alive() && !stopping;
    }

    @Override
    public Optional<String> failureDiagnosis(Throwable failure) {
        final Optional<ServerDiagnosis> diagnosis = postgres.diagnose(failure);
        if (diagnosis.isPresent() && diagnosis.get().state() == ServerDiagnosis.State.STOPPING) {
            stopping = true;
        }
        return diagnosis.map(found -> "its embedded PostgreSQL " + fingerprint.get("engine.version") + " server "
                + found.text());
    }

    @Override
    public synchronized void close() throws Exception {
        if (!closed) {
            closed = true;
            postgres.close();
        }
    }
}
