package dev.dbbench.engine.mongo;

import java.time.Duration;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import com.mongodb.client.MongoClient;
import dev.dbbench.engine.Closer;
import dev.dbbench.engine.EngineServer;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.containers.RunningContainer;
import dev.dbbench.spec.EngineTarget;

/**
 * A MongoDB server of any provider, reached through one client; closing it closes the client, then
 * whatever runs the server (an in-process emulator, a container; nothing for an external server).
 */
final class MongoEngineServer implements EngineServer {

    private final EngineTarget target;
    private final MongoClient client;
    private final CommandTraffic traffic;
    private final ServerRecord record;
    private final Duration startTime;
    private final SortedMap<String, String> fingerprint;
    private final Optional<RunningContainer> container;
    private final Closer closer;

    /**
     * @param traffic listens to the client's commands
     * @param record what the server tells of the operations on a database during a captured call
     * @param closer already holds what runs the server; the client is registered last, so it closes first
     */
    MongoEngineServer(EngineTarget target, MongoClient client, CommandTraffic traffic, ServerRecord record,
            Duration startTime, SortedMap<String, String> fingerprint, Optional<RunningContainer> container,
            Closer closer) {
        this.target = target;
        this.client = client;
        this.traffic = traffic;
        this.record = record;
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
        return new MongoScratchDatabase(client, traffic, record, MongoScratchDatabase.uniqueName(namePrefix));
    }

    @Override
    public boolean alive() {
        return container.map(RunningContainer::running).orElse(true);
    }

    @Override
    public Optional<String> failureDiagnosis() {
        return container.flatMap(RunningContainer::diagnosis);
    }

    @Override
    public void close() throws Exception {
        closer.close();
    }
}
