package dev.dbbench.junit;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Supplier;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.Provider;
import dev.dbbench.engine.EngineKind;
import dev.dbbench.engine.ProviderKind;
import dev.dbbench.engine.containers.Docker;

/**
 * Turns an engine annotation's {@code provider} (or {@link ConfigKeys#PROVIDER}) into the provider a
 * target runs on. Docker is asked at most once per run, and what {@code auto} chose is said once.
 */
final class ProviderResolver {

    /** Longest the Docker check may take; a Docker host that never answers counts as no Docker. */
    static final Duration DOCKER_CHECK_TIMEOUT = Duration.ofSeconds(20);

    private final Configuration configuration;
    private final Supplier<Docker.Status> dockerCheck;
    private final PrintStream console;
    private Docker.Status docker;
    private boolean announced;

    ProviderResolver(Configuration configuration, Supplier<Docker.Status> dockerCheck, PrintStream console) {
        this.configuration = configuration;
        this.dockerCheck = dockerCheck;
        this.console = console;
    }

    static ProviderResolver create(Configuration configuration) {
        return new ProviderResolver(configuration, () -> Docker.probe(DOCKER_CHECK_TIMEOUT), System.out);
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
            final String text = configuration.string(ConfigKeys.PROVIDER).orElse(ConfigKeys.DEFAULT_PROVIDER);
            chosen = parse(text);
            source = "configuration parameter " + ConfigKeys.PROVIDER + " is " + text.toLowerCase(Locale.ROOT);
        }
        return switch (chosen) {
            case AUTO -> auto(kind);
            case CONTAINERS -> {
                final Docker.Status status = docker();
                if (!status.available()) {
                    throw new DbBenchConfigurationException(source + ", which needs Docker, but " + status.description()
                            + ". Start Docker, or choose " + ConfigKeys.PROVIDER + "=embedded (in-process PostgreSQL,"
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

    private static Provider parse(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "auto" -> Provider.AUTO;
            case "containers" -> Provider.CONTAINERS;
            case "embedded" -> Provider.EMBEDDED;
            case "external" -> Provider.EXTERNAL;
            default -> throw Configuration.invalid(ConfigKeys.PROVIDER, text, "one of auto, containers, embedded,"
                    + " external");
        };
    }

    private ProviderKind auto(EngineKind kind) {
        final Docker.Status status = docker();
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
        final String key = kind == EngineKind.MONGODB ? ConfigKeys.MONGODB_URI : ConfigKeys.POSTGRES_URL;
        if (configuration.string(key).isEmpty()) {
            throw new DbBenchConfigurationException(source + ", which needs configuration parameter " + key
                    + " to name the server, but it is not set");
        }
        return ProviderKind.EXTERNAL;
    }

    private Docker.Status docker() {
        if (docker == null) {
            docker = dockerCheck.get();
        }
        return docker;
    }
}
