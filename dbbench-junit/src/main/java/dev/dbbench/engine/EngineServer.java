package dev.dbbench.engine;

import java.time.Duration;
import java.util.Optional;
import java.util.SortedMap;

import dev.dbbench.spec.EngineTarget;

/** A running database server that hands out scratch databases; closing it stops the server. */
public interface EngineServer extends AutoCloseable {

    EngineTarget target();

    /** How long the server took to start. */
    Duration startTime();

    /**
     * Facts about the server that can change a benchmark's numbers, such as its exact version and
     * durability settings, keyed {@code engine.*}.
     */
    SortedMap<String, String> fingerprint();

    /** Creates an empty database whose name starts with {@code namePrefix}; closing it drops it. */
    ScratchDatabase createDatabase(String namePrefix) throws Exception;

    /**
     * Creates a database whose name starts with {@code namePrefix} as a copy of the database
     * {@code template} of this server, which no session may be connected to; closing it drops it.
     */
    default ScratchDatabase createDatabase(String namePrefix, String template) throws Exception {
        throw new UnsupportedOperationException(target().kind().label() + " databases are not copied from templates");
    }

    /** The engine-side ruler workload, when the engine has one; closing it releases its connection. */
    default Optional<RulerWorkload> openRulerWorkload() throws Exception {
        return Optional.empty();
    }

    /** Whether the server still runs; a pool replaces one that does not. */
    default boolean alive() {
        return true;
    }

    /**
     * Why {@code failure}, of a benchmark or of dbbench's own statements on this server, happened when
     * the server itself is the reason: a container that stopped, an embedded server that died, shuts
     * down or restarted after a crash; with its last log lines. Empty for any other failure.
     */
    default Optional<String> failureDiagnosis(Throwable failure) {
        return Optional.empty();
    }

    @Override
    void close() throws Exception;
}
