package dev.dbbench.engine.mongo;

import java.lang.reflect.Parameter;
import java.util.Optional;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import dev.dbbench.engine.Closer;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.ScratchNames;
import dev.dbbench.engine.TrafficProbe;
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
    private final String name;
    private boolean closed;

    MongoScratchDatabase(MongoClient client, CommandTraffic traffic, String name) {
        this.client = client;
        this.traffic = traffic;
        this.name = name;
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

    /** Every handle shares the run's client, whose commands are counted while a call is. */
    @Override
    public Optional<TrafficProbe> trafficProbe(Object injected) {
        return Optional.of(traffic);
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            client.getDatabase(name).drop();
        }
    }
}
