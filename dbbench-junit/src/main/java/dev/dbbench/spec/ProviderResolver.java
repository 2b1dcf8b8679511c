package dev.dbbench.spec;

import java.io.PrintStream;
import java.util.function.Supplier;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.Provider;
import dev.dbbench.config.Choices;
import dev.dbbench.config.Settings;

/**
 * Turns an engine annotation's {@code provider} (or {@link ConfigKeys#PROVIDER}) into the provider a
 * target runs on. Docker is asked at most once per run, and what {@code auto} chose is said once.
 */
public final class ProviderResolver {

    private final Settings settings;
    private final Supplier<? extends DockerAvailability> dockerCheck;
    private final PrintStream console;
    private DockerAvailability docker;
    private boolean announced;

    /** @param dockerCheck asked at most once, when a target first needs to know */
    public ProviderResolver(Settings settings, Supplier<? extends DockerAvailability> dockerCheck,
            PrintStream console) {
        this.settings = settings;
        this.dockerCheck = dockerCheck;
        this.console = console;
    }

    /**
     * @param where the annotation, as configuration errors name it ("@Mongo on OrderBench")
     */
    synchronized ProviderKind resolve(String where, Provider annotated, EngineKind kind) {
        final String source;
        final Provider chosen;
        if (annotated != Provider.DEFAULT) {
            chosen = annotated;
            source = where + " declares provider = " + annotated;
        } else {
            chosen = settings.engines().provider();
            source = "configuration parameter " + ConfigKeys.PROVIDER + " is " + Choices.spelling(chosen);
        }
        return switch (chosen) {
            case AUTO -> auto(kind);
            case CONTAINERS -> {
                final DockerAvailability status = docker();
                if (!status.available()) {
                    throw new DbBenchConfigurationException(source + ", which needs Docker, but " + status.description()
                            + ". Start Docker (or mend what the check names), or choose " + ConfigKeys.PROVIDER + "=embedded (in-process PostgreSQL,"
                            + " emulated MongoDB) or " + ConfigKeys.PROVIDER + "=external (" + ConfigKeys.POSTGRES_URL
                            + ", " + ConfigKeys.MONGODB_URI + ")");
                }
                yield ProviderKind.CONTAINER;
            }
            case EMBEDDED -> embedded(kind);
            case EXTERNAL -> external(source, kind);
            case DEFAULT -> throw new IllegalStateException("DEFAULT is resolved above");
        };
    }

    private ProviderKind auto(EngineKind kind) {
        final DockerAvailability status = docker();
        if (!announced) {
            announced = true;
            console.println("dbbench: " + ConfigKeys.PROVIDER + "=auto chose "
                    + (status.available() ? "containers: " + status.description()
                            : "embedded (in-process PostgreSQL, emulated MongoDB): " + status.description()));
        }
        return status.available() ? ProviderKind.CONTAINER : embedded(kind);
    }

    private static ProviderKind embedded(EngineKind kind) {
        return kind == EngineKind.MONGODB ? ProviderKind.EMULATED : ProviderKind.EMBEDDED;
    }

    private ProviderKind external(String source, EngineKind kind) {
        final boolean named = kind == EngineKind.MONGODB
                ? settings.engines().externalMongo()
                : settings.engines().externalPostgres();
        if (!named) {
            throw new DbBenchConfigurationException(source + ", which needs " + (kind == EngineKind.MONGODB
                    ? "configuration parameter " + ConfigKeys.MONGODB_URI + " (or the environment variable "
                            + ConfigKeys.MONGODB_URI_ENV + ")"
                    : "configuration parameter " + ConfigKeys.POSTGRES_URL) + " to name the server, but it is not set");
        }
        return ProviderKind.EXTERNAL;
    }

    private DockerAvailability docker() {
        if (docker == null) {
            docker = dockerCheck.get();
        }
        return docker;
    }
}
