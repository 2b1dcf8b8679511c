package dev.dbbench.engine.postgres;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

import dev.dbbench.config.EngineOptions;
import dev.dbbench.config.Redaction;
import dev.dbbench.engine.EngineServer;
import dev.dbbench.engine.containers.RunningContainer;
import dev.dbbench.spec.EngineTarget;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/** Starts PostgreSQL servers of the containers and external providers. */
public final class PostgresServers {

    /** The official image's data directory, which the local image keeps too. */
    private static final String DATA_DIRECTORY = "/var/lib/postgresql/data";

    /**
     * Testcontainers starts PostgreSQL with {@code fsync=off}; dbbench keeps that default (a throwaway
     * server need not survive a crash) unless the target sets fsync itself. The fingerprint records it.
     */
    private static final String CONTAINER_FSYNC = "off";

    private PostgresServers() {
    }

    /** A throwaway container of the target's image with its settings as {@code -c name=value}. */
    public static EngineServer container(EngineTarget target, EngineOptions options) throws SQLException {
        final DockerImageName image = RunningContainer.image(target, "postgres");
        final PostgreSQLContainer definition = new PostgreSQLContainer(image).withCommand(command(target));
        final RunningContainer running = RunningContainer.start(target, image, definition, DATA_DIRECTORY, options);
        try {
            final PostgreSQLContainer container = (PostgreSQLContainer) running.container();
            final SortedMap<String, String> fingerprint = PostgresFingerprint.read(JdbcPostgresServer.adminDataSource(
                    container.getJdbcUrl(), container.getUsername(), container.getPassword()));
            PostgresFingerprint.requireDeclaredMajor(target, fingerprint, "image " + image.asCanonicalNameString());
            fingerprint.putAll(running.facts(image, options.tmpfs()));
            fingerprint.put("engine.provider", target.provider().label());
            return new JdbcPostgresServer(target, container.getJdbcUrl(), container.getUsername(),
                    container.getPassword(), running.startTime(), fingerprint, Optional.of(running));
        } catch (SQLException | RuntimeException e) {
            running.close();
            throw e;
        }
    }

    static String[] command(EngineTarget target) {
        final List<String> command = new ArrayList<>(List.of("postgres"));
        if (!target.settings().containsKey("fsync")) {
            command.addAll(List.of("-c", "fsync=" + CONTAINER_FSYNC));
        }
        for (Map.Entry<String, String> setting : target.settings().entrySet()) {
            command.addAll(List.of("-c", setting.getKey() + "=" + setting.getValue()));
        }
        return command.toArray(String[]::new);
    }

    /**
     * A server the user runs: dbbench checks that it answers with the given credentials and runs the
     * declared major version; nothing on it but dbbench's own databases is touched.
     */
    public static EngineServer external(EngineTarget target, EngineOptions.ExternalPostgres server) {
        final long started = System.nanoTime();
        final SortedMap<String, String> fingerprint;
        try {
            fingerprint = PostgresFingerprint.read(
                    JdbcPostgresServer.adminDataSource(server.url(), server.user(), server.password()));
        } catch (SQLException | RuntimeException e) {
            // The message must never carry the password, whatever the driver put in it.
            throw new IllegalStateException("cannot use the external PostgreSQL server " + Redaction.url(server.url())
                    + " as user " + server.user() + " (dbbench.postgres.url, .user, .password): "
                    + Redaction.text(e.getMessage(), server.password()));
        }
        PostgresFingerprint.requireDeclaredMajor(target, fingerprint, "the external server "
                + Redaction.url(server.url()));
        fingerprint.put("engine.provider", target.provider().label());
        fingerprint.put("engine.server", Redaction.url(server.url()));
        return new JdbcPostgresServer(target, server.url(), server.user(), server.password(),
                Duration.ofNanos(System.nanoTime() - started), fingerprint, Optional.empty());
    }
}
