package dev.dbbench.workload;

import java.net.InetSocketAddress;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

/** The in-memory MongoDB emulator on a loopback port, with a client, for the workload tests. */
final class TestMongo implements AutoCloseable {

    private final MongoServer server;
    private final MongoClient client;

    private TestMongo(final MongoServer server, final MongoClient client) {
        this.server = server;
        this.client = client;
    }

    static TestMongo start() {
        final MongoServer server = new MongoServer(new MemoryBackend());
        final InetSocketAddress address = server.bind();
        return new TestMongo(server, MongoClients.create("mongodb://" + address.getHostString() + ":" + address.getPort()));
    }

    MongoDatabase database(final String name) {
        return client.getDatabase(name);
    }

    @Override
    public void close() {
        try {
            client.close();
        } finally {
            server.shutdownNow();
        }
    }
}
