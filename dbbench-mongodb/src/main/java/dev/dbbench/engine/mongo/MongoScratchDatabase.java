package dev.dbbench.engine.mongo;

import java.lang.reflect.Parameter;
import java.util.Optional;
import java.util.OptionalLong;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import dev.dbbench.engine.CaptureProbe;
import dev.dbbench.engine.Closer;
import dev.dbbench.engine.Facts;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.ScratchNames;
import dev.dbbench.spec.CollectionNames;

/**
 * A MongoDB database named for one test class; it injects itself as {@link MongoDatabase}, the
 * server's {@link MongoClient}, and its collections as {@link MongoCollection}. Closing drops it.
 */
final class MongoScratchDatabase implements ScratchDatabase {

    /** MongoDB allows database names shorter than 64 bytes. */
    private static final int MAX_NAME = 63;

    private final MongoClient client;
    private final CommandTraffic traffic;
    private final ServerRecord server;
    private final String serverUri;
    private final String name;
    private boolean closed;

    /**
     * @param traffic counts what the clients dbbench created or wired send
     * @param server what the server tells of the same operations
     * @param serverUri the connection string of the server, for an application's own client
     */
    MongoScratchDatabase(MongoClient client, CommandTraffic traffic, ServerRecord server, String serverUri,
            String name) {
        this.client = client;
        this.traffic = traffic;
        this.server = server;
        this.serverUri = serverUri;
        this.name = name;
    }

    /** The server's connection string with this database as the one it names. */
    String connectionString() {
        final int hosts = serverUri.indexOf("//") + 2;
        final int query = serverUri.indexOf('?');
        final int end = query < 0 ? serverUri.length() : query;
        final int path = serverUri.indexOf('/', hosts);
        final String base = path < 0 || path > end ? serverUri.substring(0, end) : serverUri.substring(0, path);
        return base + "/" + name + (query < 0 ? "" : serverUri.substring(query));
    }

    /** The listener that counts the commands sent to the database, for an application's own client. */
    CommandTraffic traffic() {
        return traffic;
    }

    static String uniqueName(String prefix) {
        return ScratchNames.unique(prefix, MAX_NAME);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Object resolve(Parameter parameter, Closer scope) {
        final Class<?> type = parameter.getType();
        if (type == MongoDatabase.class) {
            return client.getDatabase(name);
        }
        if (type == MongoClient.class) {
            return client;
        }
        if (type == MongoCollection.class) {
            return client.getDatabase(name).getCollection(CollectionNames.of(parameter));
        }
        throw new IllegalArgumentException("cannot inject " + type.getName());
    }

    /**
     * Every command sent to this database during the call, by any client dbbench created or wired
     * (the injected handles, an application's own client) on any thread, by shape; what the server
     * tells of them (a real server's profiler: plans, keys and documents examined); and the commands it
     * received from other clients, as unseen.
     */
    @Override
    public Optional<CaptureProbe> captureProbe() {
        return Optional.of((statements, call) -> {
            server.start(name);
            final CommandTraffic.Counted counted;
            try (CommandTraffic.Window window = traffic.open(name)) {
                call.run();
                counted = window.counted();
            }
            final ServerRecord.Told told = server.stop(name, counted);
            return new CaptureProbe.Captured(counted.traffic().withUnseen(told.unseen()), OptionalLong.empty(),
                    Facts.NONE.with(told.profile()));
        });
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            client.getDatabase(name).drop();
        }
    }
}
