package dev.dbbench.engine.postgres;

import dev.dbbench.config.EngineOptions;
import dev.dbbench.engine.EngineProvider;
import dev.dbbench.engine.EngineServer;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;

/** PostgreSQL's servers: embedded binaries, containers, or the user's own server. */
public final class PostgresEngine implements EngineProvider {

    @Override
    public EngineKind kind() {
        return EngineKind.POSTGRES;
    }

    @Override
    public EngineServer start(EngineTarget target, EngineOptions options) throws Exception {
        return switch (target.provider()) {
            case EMBEDDED -> EmbeddedPostgresServer.start(target, options.counting());
            case CONTAINER -> PostgresServers.container(target, options);
            case EXTERNAL -> PostgresServers.external(target, options.externalPostgres().orElseThrow(() ->
                    new IllegalStateException("no external PostgreSQL server configured for " + target)));
            case EMULATED -> throw new IllegalArgumentException("PostgreSQL has no emulated provider");
        };
    }
}
