package dev.dbbench.engine;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The servers of one test run, one per {@link EngineTarget}, started on first use and all stopped
 * when the pool closes.
 */
public final class EnginePool implements AutoCloseable {

    /** Starts a server for a target. */
    @FunctionalInterface
    public interface Starter {
        EngineServer start(EngineTarget target) throws Exception;
    }

    private final Starter starter;
    private final Map<EngineTarget, EngineServer> servers = new LinkedHashMap<>();
    private final Closer closer = new Closer();
    private boolean closed;

    public EnginePool(Starter starter) {
        this.starter = starter;
    }

    /** The server for a target, started now if this is the first request for it. */
    public synchronized EngineServer server(EngineTarget target) throws Exception {
        if (closed) {
            throw new IllegalStateException("engine pool already closed");
        }
        EngineServer server = servers.get(target);
        if (server == null) {
            server = closer.register(starter.start(target));
            servers.put(target, server);
        }
        return server;
    }

    @Override
    public void close() throws Exception {
        synchronized (this) {
            closed = true;
            servers.clear();
        }
        closer.close();
    }
}
