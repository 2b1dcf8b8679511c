package dev.dbbench.engine.mongo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexModel;
import com.mongodb.client.model.IndexOptions;
import dev.dbbench.engine.Closer;
import dev.dbbench.engine.EngineServer;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.containers.RunningContainer;
import dev.dbbench.spec.EngineTarget;
import org.bson.Document;

/**
 * A MongoDB server of any provider, reached through one client; closing it closes the client, then
 * whatever runs the server (an in-process emulator, a container; nothing for an external server).
 */
final class MongoEngineServer implements EngineServer {

    /** Documents copied from a template per insert. */
    private static final int COPY_BATCH = 1_000;

    private final EngineTarget target;
    private final MongoClient client;
    private final CommandTraffic traffic;
    private final ServerRecord record;
    private final String uri;
    private final Duration startTime;
    private final SortedMap<String, String> fingerprint;
    private final Optional<RunningContainer> container;
    private final Closer closer;

    /**
     * @param traffic listens to the client's commands
     * @param record what the server tells of the operations on a database during a captured call
     * @param uri the server's connection string, as the client was made with it
     * @param closer already holds what runs the server; the client is registered last, so it closes first
     */
    MongoEngineServer(EngineTarget target, MongoClient client, CommandTraffic traffic, ServerRecord record, String uri,
            Duration startTime, SortedMap<String, String> fingerprint, Optional<RunningContainer> container,
            Closer closer) {
        this.target = target;
        this.client = client;
        this.traffic = traffic;
        this.record = record;
        this.uri = uri;
        this.startTime = startTime;
        this.fingerprint = new TreeMap<>(fingerprint);
        this.container = container;
        this.closer = closer;
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
    public ScratchDatabase createDatabase(String namePrefix) {
        return new MongoScratchDatabase(client, traffic, record, uri, MongoScratchDatabase.uniqueName(namePrefix));
    }

    /**
     * A new database with the template's collections, their indexes and their documents: what an
     * application's startup (its migrations, its mapping's index creation) made there.
     */
    @Override
    public ScratchDatabase createDatabase(String namePrefix, String template) {
        final ScratchDatabase copy = createDatabase(namePrefix);
        final MongoDatabase from = client.getDatabase(template);
        final MongoDatabase into = client.getDatabase(copy.name());
        for (String collection : from.listCollectionNames()) {
            if (collection.startsWith("system.")) {
                continue;
            }
            into.createCollection(collection);
            final List<IndexModel> indexes = new ArrayList<>();
            for (Document index : from.getCollection(collection).listIndexes()) {
                if (!"_id_".equals(index.getString("name"))) {
                    indexes.add(index(index));
                }
            }
            if (!indexes.isEmpty()) {
                into.getCollection(collection).createIndexes(indexes);
            }
            final List<Document> batch = new ArrayList<>();
            for (Document document : from.getCollection(collection).find()) {
                batch.add(document);
                if (batch.size() == COPY_BATCH) {
                    into.getCollection(collection).insertMany(batch);
                    batch.clear();
                }
            }
            if (!batch.isEmpty()) {
                into.getCollection(collection).insertMany(batch);
            }
        }
        return copy;
    }

    /** An index as {@code listIndexes} describes it, to create again: its keys, name, and options. */
    private static IndexModel index(Document described) {
        final IndexOptions options = new IndexOptions().name(described.getString("name"))
                .unique(described.getBoolean("unique", false)).sparse(described.getBoolean("sparse", false));
        if (described.get("expireAfterSeconds") instanceof Number seconds) {
            options.expireAfter(seconds.longValue(), TimeUnit.SECONDS);
        }
        if (described.get("partialFilterExpression") instanceof Document partial) {
            options.partialFilterExpression(partial);
        }
        return new IndexModel(described.get("key", Document.class), options);
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
    public void close() throws Exception {
        closer.close();
    }
}
