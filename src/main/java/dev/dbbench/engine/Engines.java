package dev.dbbench.engine;

import dev.dbbench.engine.postgres.EmbeddedPostgresServer;

/** Starts the server a target asks for, by engine kind and provider. */
public final class Engines {

    private Engines() {
    }

    public static EngineServer start(EngineTarget target) throws Exception {
        return switch (target.kind()) {
            case POSTGRES -> switch (target.provider()) {
                case EMBEDDED -> EmbeddedPostgresServer.start(target);
            };
        };
    }
}
