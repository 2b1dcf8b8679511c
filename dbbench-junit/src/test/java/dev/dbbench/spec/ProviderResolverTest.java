package dev.dbbench.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.Provider;
import dev.dbbench.config.ConfigSource;
import dev.dbbench.config.Settings;
import dev.dbbench.engine.containers.Docker;
import org.junit.jupiter.api.Test;

class ProviderResolverTest {

    private final Map<String, String> parameters = new HashMap<>();
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final AtomicInteger dockerChecks = new AtomicInteger();

    private ProviderResolver resolver(boolean dockerAnswers) {
        final Settings settings = new Settings(new ConfigSource(key -> Optional.ofNullable(parameters.get(key)),
                name -> null, name -> null));
        return new ProviderResolver(settings, () -> {
            dockerChecks.incrementAndGet();
            return dockerAnswers
                    ? new Docker.Status(true, "Docker 28.2.2 answered")
                    : new Docker.Status(false, "no Docker engine answered");
        }, new PrintStream(console, true, StandardCharsets.UTF_8));
    }

    @Test
    void autoChoosesContainersWhenDockerAnswersAndSaysSoOnce() {
        final ProviderResolver resolver = resolver(true);

        assertThat(resolver.resolve("@Postgres on A", Provider.DEFAULT, EngineKind.POSTGRES))
                .isEqualTo(ProviderKind.CONTAINER);
        assertThat(resolver.resolve("@Mongo on A", Provider.AUTO, EngineKind.MONGODB))
                .isEqualTo(ProviderKind.CONTAINER);

        assertThat(console.toString(StandardCharsets.UTF_8))
                .isEqualTo("dbbench: dbbench.provider=auto chose containers: Docker 28.2.2 answered\n");
        assertThat(dockerChecks).hasValue(1);
    }

    @Test
    void autoFallsBackToEmbeddedAndEmulatedWithoutDocker() {
        final ProviderResolver resolver = resolver(false);

        assertThat(resolver.resolve("@Postgres on A", Provider.DEFAULT, EngineKind.POSTGRES))
                .isEqualTo(ProviderKind.EMBEDDED);
        assertThat(resolver.resolve("@Mongo on A", Provider.DEFAULT, EngineKind.MONGODB))
                .isEqualTo(ProviderKind.EMULATED);
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("chose embedded").contains("no Docker engine");
    }

    @Test
    void theAnnotationWinsOverTheConfiguration() {
        parameters.put(ConfigKeys.PROVIDER, "containers");

        assertThat(resolver(false).resolve("@Postgres on A", Provider.EMBEDDED, EngineKind.POSTGRES))
                .isEqualTo(ProviderKind.EMBEDDED);
        assertThat(dockerChecks).hasValue(0);
    }

    @Test
    void containersWithoutDockerNamesTheSettingAndTheAlternatives() {
        parameters.put(ConfigKeys.PROVIDER, "containers");

        assertThatThrownBy(() -> resolver(false).resolve("@Postgres on A", Provider.DEFAULT, EngineKind.POSTGRES))
                .isInstanceOf(DbBenchConfigurationException.class)
                .hasMessage("configuration parameter dbbench.provider is containers, which needs Docker, but no Docker"
                        + " engine answered. Start Docker (or mend what the check names), or choose dbbench.provider=embedded (in-process PostgreSQL,"
                        + " emulated MongoDB) or dbbench.provider=external (dbbench.postgres.url, dbbench.mongodb.uri)");
        assertThatThrownBy(() -> resolver(false).resolve("@Mongo on B", Provider.CONTAINERS, EngineKind.MONGODB))
                .hasMessageStartingWith("@Mongo on B declares provider = CONTAINERS, which needs Docker");
    }

    @Test
    void externalNeedsTheServerToBeNamed() {
        assertThatThrownBy(() -> resolver(true).resolve("@Mongo on A", Provider.EXTERNAL, EngineKind.MONGODB))
                .hasMessage("@Mongo on A declares provider = EXTERNAL, which needs configuration parameter"
                        + " dbbench.mongodb.uri (or the environment variable DBBENCH_MONGODB_URI) to name the server,"
                        + " but it is not set");
        parameters.put(ConfigKeys.POSTGRES_URL, "jdbc:postgresql://localhost:5432/postgres");
        assertThat(resolver(true).resolve("@Postgres on A", Provider.EXTERNAL, EngineKind.POSTGRES))
                .isEqualTo(ProviderKind.EXTERNAL);
    }

    @Test
    void anUnknownProviderIsAnErrorNotAFallback() {
        parameters.put(ConfigKeys.PROVIDER, "docker");

        assertThatThrownBy(() -> resolver(true).resolve("@Postgres on A", Provider.DEFAULT, EngineKind.POSTGRES))
                .hasMessage("configuration parameter dbbench.provider must be one of auto, containers, embedded,"
                        + " external but was 'docker'");
    }
}
