package dev.dbbench.engine;

import dev.dbbench.config.EngineOptions;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;

/**
 * Starts the servers of one engine kind, by provider. Each engine's module registers its own
 * through {@link java.util.ServiceLoader} ({@code META-INF/services}), so the engine is there exactly
 * when its module (and its driver) is on the class path.
 */
public interface EngineProvider {

    /** The engine whose targets this starts servers for. */
    EngineKind kind();

    /** Starts a server for a target of {@link #kind()}, by the target's provider. */
    EngineServer start(EngineTarget target, EngineOptions options) throws Exception;
}
