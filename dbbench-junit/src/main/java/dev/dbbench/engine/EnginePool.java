package dev.dbbench.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import dev.dbbench.spec.EngineTarget;

/**
 * The servers of one test run, one per {@link EngineTarget}, started on first use and all stopped
 * when the pool closes. A server found dead (a container that stopped) is closed and replaced on the
 * next request, so later test classes get a fresh one.
 */
public final class EnginePool implements AutoCloseable {

    /** Starts a server for a target. */
    @FunctionalInterface
    public interface Starter {
        EngineServer start(EngineTarget target) throws Exception;
    }

    private final Starter starter;
    private final Consumer<String> notes;
    private final Map<EngineTarget, EngineServer> servers = new LinkedHashMap<>();
    private final Closer closer = new Closer();
    private Exception replacedCloseFailure;
    private boolean closed;

    /** @param notes told when a dead server is replaced, for the run summary */
    public EnginePool(Starter starter, Consumer<String> notes) {
        this.starter = starter;
        this.notes = notes;
    }

    /** The live server for a target, started now if there is none yet or the last one died. */
    public synchronized EngineServer server(EngineTarget target) throws Exception {
        if (closed) {
            throw new IllegalStateException("engine pool already closed");
        }
        EngineServer server = servers.get(target);
        if (server != null && !server.alive()) {
            notes.accept("replaced " + target.label() + ": its server stopped during the run");
            servers.remove(target);
            closeReplaced(server);
            server = null;
        }
        if (server == null) {
            server = closer.register(starter.start(target));
            servers.put(target, server);
        }
        return server;
    }

    // The dead server stays registered with the closer too; closing it again at the end is harmless.
    private void closeReplaced(EngineServer server) {
        try {
            server.close();
        } catch (Exception e) {
            if (replacedCloseFailure == null) {
                replacedCloseFailure = e;
            } else {
                replacedCloseFailure.addSuppressed(e);
            }
        }
    }

    @Override
    public void close() throws Exception {
        final Exception earlier;
        synchronized (this) {
            closed = true;
            servers.clear();
            earlier = replacedCloseFailure;
            replacedCloseFailure = null;
        }
        try {
            closer.close();
        } catch (Exception e) {
            if (earlier != null) {
                e.addSuppressed(earlier);
            }
            throw e;
        }
        if (earlier != null) {
            throw earlier;
        }
    }
}
