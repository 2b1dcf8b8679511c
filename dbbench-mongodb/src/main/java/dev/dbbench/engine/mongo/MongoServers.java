package dev.dbbench.engine.mongo;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.SortedMap;
import java.util.concurrent.TimeUnit;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.config.EngineOptions;
import dev.dbbench.config.Redaction;
import dev.dbbench.engine.Closer;
import dev.dbbench.engine.EngineServer;
import dev.dbbench.engine.containers.RunningContainer;
import dev.dbbench.spec.EngineTarget;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/** Starts MongoDB servers of the emulated, containers and external providers. */
public final class MongoServers {

    private static final int PORT = 27017;
    private static final String DATA_DIRECTORY = "/data/db";
    /** mongod logs "Waiting for connections"; the MongoDB-wire image prints the same words. */
    private static final String READY_LOG = "(?i).*waiting for connections.*";
    /** Bounds how long an unreachable server keeps a benchmark waiting. */
    private static final int TIMEOUT_SECONDS = 10;

    private MongoServers() {
    }

    /**
     * mongo-java-server in this JVM, on a loopback port. Labelled {@code emulated}: it ignores
     * secondary indexes and has no {@code explain} or profiler, so its timings say nothing about MongoDB
     * and of its commands only what the clients sent is known ({@link EmulatorBackend}).
     */
    public static EngineServer emulated(EngineTarget target) throws Exception {
        final long started = System.nanoTime();
        final Closer closer = new Closer();
        try {
            final EmulatorBackend backend = new EmulatorBackend();
            final MongoServer server = new MongoServer(backend);
            closer.register(server::shutdownNow);
            final InetSocketAddress address = server.bind();
            final CommandTraffic traffic = new CommandTraffic();
            final String uri = "mongodb://" + address.getHostString() + ":" + address.getPort();
            final MongoClient client = closer.register(client(uri, traffic));
            final SortedMap<String, String> fingerprint = MongoFingerprint.emulated(client);
            fingerprint.put("engine.provider", target.provider().label());
            fingerprint.put("engine.server", "mongo-java-server " + emulatorVersion() + " (memory backend)");
            return new MongoEngineServer(target, client, traffic, backend, uri, Duration.ofNanos(System.nanoTime() - started),
                    fingerprint, Optional.empty(), closer);
        } catch (Exception e) {
            closeAfterFailure(closer, e);
            throw e;
        }
    }

    /**
     * A throwaway container of the target's image, its options passed as {@code --name=value}. Started
     * as a plain container rather than Testcontainers' MongoDB module, which would need a real mongod
     * with its shell for replica sets: this way mongod images and MongoDB-wire images both work.
     */
    public static EngineServer container(EngineTarget target, EngineOptions options) throws Exception {
        final DockerImageName image = RunningContainer.image(target, "mongo");
        final GenericContainer<?> definition = new GenericContainer<>(image)
                .withExposedPorts(PORT)
                .waitingFor(Wait.forLogMessage(READY_LOG, 1));
        if (!target.settings().isEmpty()) {
            definition.withCommand(command(target));
        }
        final RunningContainer running = RunningContainer.start(target, image, definition, DATA_DIRECTORY, options);
        final Closer closer = new Closer();
        closer.register(running);
        try {
            final GenericContainer<?> container = running.container();
            final CommandTraffic traffic = new CommandTraffic();
            final String uri = "mongodb://" + container.getHost() + ":" + container.getMappedPort(PORT);
            final MongoClient client = closer.register(client(uri, traffic));
            final SortedMap<String, String> fingerprint = MongoFingerprint.read(client);
            requireDeclaredVersion(target, fingerprint, "image " + image.asCanonicalNameString());
            fingerprint.putAll(running.facts(image, options.tmpfs()));
            fingerprint.put("engine.provider", target.provider().label());
            return new MongoEngineServer(target, client, traffic, new MongoProfiler(client), uri, running.startTime(),
                    fingerprint, Optional.of(running), closer);
        } catch (Exception e) {
            closeAfterFailure(closer, e);
            throw e;
        }
    }

    static String[] command(EngineTarget target) {
        final List<String> command = new ArrayList<>();
        for (Map.Entry<String, String> option : target.settings().entrySet()) {
            command.add("--" + option.getKey() + "=" + option.getValue());
        }
        return command.toArray(String[]::new);
    }

    /** A server the user runs, named by its connection string; only dbbench's own databases are touched. */
    public static EngineServer external(EngineTarget target, String uri) throws Exception {
        final long started = System.nanoTime();
        final Closer closer = new Closer();
        final String shown = Redaction.url(uri);
        final MongoClient created;
        final CommandTraffic traffic = new CommandTraffic();
        try {
            created = client(uri, traffic);
        } catch (IllegalArgumentException e) {
            throw new DbBenchConfigurationException("configuration parameter dbbench.mongodb.uri must be a MongoDB"
                    + " connection string (mongodb://host:port or mongodb+srv://host) but was '" + shown + "': "
                    + Redaction.text(e.getMessage(), password(uri)));
        }
        try {
            final MongoClient client = closer.register(created);
            final SortedMap<String, String> fingerprint;
            try {
                fingerprint = MongoFingerprint.read(client);
            } catch (MongoException e) {
                throw new IllegalStateException("cannot use the external MongoDB server " + shown
                        + " (dbbench.mongodb.uri): " + Redaction.text(e.getMessage(), password(uri)));
            }
            requireDeclaredVersion(target, fingerprint, "the external server " + shown);
            fingerprint.put("engine.provider", target.provider().label());
            fingerprint.put("engine.server", shown);
            return new MongoEngineServer(target, client, traffic, new MongoProfiler(client), uri,
                    Duration.ofNanos(System.nanoTime() - started), fingerprint, Optional.empty(), closer);
        } catch (Exception e) {
            closeAfterFailure(closer, e);
            throw e;
        }
    }

    private static MongoClient client(String uri, CommandTraffic traffic) {
        final ConnectionString connection = new ConnectionString(uri);
        return MongoClients.create(MongoClientSettings.builder()
                .applyConnectionString(connection)
                .addCommandListener(traffic)
                .applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS))
                .applyToSocketSettings(socket -> socket.connectTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS))
                .build());
    }

    private static void requireDeclaredVersion(EngineTarget target, SortedMap<String, String> fingerprint,
            String source) {
        final String version = fingerprint.getOrDefault("engine.version", "");
        final String actual = MongoFingerprint.majorMinor(version);
        if (!actual.equals(target.version())) {
            throw new IllegalStateException(source + " runs MongoDB " + version + ", but the target ["
                    + target.label() + "] declares version " + target.version() + "; declare @Mongo(version = \""
                    + actual + "\") or set dbbench.mongodb.version=" + actual + ", or use a server of version "
                    + target.version());
        }
    }

    private static String password(String uri) {
        try {
            final char[] password = new ConnectionString(uri).getPassword();
            return password == null ? "" : new String(password);
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    /** The mongo-java-server version the build depends on; its jar does not say. */
    private static String emulatorVersion() throws IOException {
        final Properties properties = new Properties();
        try (InputStream in = MongoServers.class.getResourceAsStream("emulator.properties")) {
            if (in == null) {
                throw new IOException("emulator.properties is missing from dbbench's jar");
            }
            properties.load(in);
        }
        return properties.getProperty("version");
    }

    private static void closeAfterFailure(Closer closer, Exception failure) {
        try {
            closer.close();
        } catch (Exception e) {
            failure.addSuppressed(e);
        }
    }
}
