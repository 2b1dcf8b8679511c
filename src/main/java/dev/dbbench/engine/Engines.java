package dev.dbbench.engine;

import dev.dbbench.config.EngineOptions;
import dev.dbbench.engine.mongo.MongoServers;
import dev.dbbench.engine.postgres.EmbeddedPostgresServer;
import dev.dbbench.engine.postgres.PostgresServers;
import dev.dbbench.spec.EngineTarget;

/** Starts the server a target asks for, by engine kind and provider. */
public final class Engines implements EnginePool.Starter {

    private final EngineOptions options;

    public Engines(EngineOptions options) {
        this.options = options;
    }

    @Override
    public EngineServer start(EngineTarget target) throws Exception {
        return switch (target.kind()) {
            case POSTGRES -> switch (target.provider()) {
                case EMBEDDED -> EmbeddedPostgresServer.start(target, options.counting());
                case CONTAINER -> PostgresServers.container(target, options);
                case EXTERNAL -> PostgresServers.external(target, options.externalPostgres().orElseThrow(() ->
                        new IllegalStateException("no external PostgreSQL server configured for " + target)));
                case EMULATED -> throw new IllegalArgumentException("PostgreSQL has no emulated provider");
            };
            case MONGODB -> switch (target.provider()) {
                case EMULATED -> MongoServers.emulated(target);
                case CONTAINER -> MongoServers.container(target, options);
                case EXTERNAL -> MongoServers.external(target, options.externalMongoUri().orElseThrow(() ->
                        new IllegalStateException("no external MongoDB server configured for " + target)));
                case EMBEDDED -> throw new IllegalArgumentException("MongoDB runs embedded only as the emulator");
            };
        };
    }
}
