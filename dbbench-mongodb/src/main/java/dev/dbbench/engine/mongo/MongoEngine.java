package dev.dbbench.engine.mongo;

import dev.dbbench.config.EngineOptions;
import dev.dbbench.engine.EngineProvider;
import dev.dbbench.engine.EngineServer;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;

/** MongoDB's servers: the in-process emulator, containers, or the user's own server. */
public final class MongoEngine implements EngineProvider {

    @Override
    public EngineKind kind() {
        return EngineKind.MONGODB;
    }

    @Override
    public EngineServer start(EngineTarget target, EngineOptions options) throws Exception {
        return switch (target.provider()) {
            case EMULATED -> MongoServers.emulated(target);
            case CONTAINER -> MongoServers.container(target, options);
            case EXTERNAL -> MongoServers.external(target, options.externalMongoUri().orElseThrow(() ->
                    new IllegalStateException("no external MongoDB server configured for " + target)));
            case EMBEDDED -> throw new IllegalArgumentException("MongoDB runs embedded only as the emulator");
        };
    }
}
