package dev.dbbench.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;

import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderKind;
import org.junit.jupiter.api.Test;

/** The container's command line; Testcontainers hands it to Docker as an argument list, never to a shell. */
class PostgresServersTest {

    @Test
    void eachSettingIsOneArgumentAsWritten() {
        final String value = "x$(touch /tmp/f) `id`; 'a' \"b\" <c> \\d";
        final EngineTarget target = new EngineTarget(EngineKind.POSTGRES, "17",
                new TreeMap<>(Map.of("application_name", value)), ProviderKind.CONTAINER, "postgres:17");

        assertThat(PostgresServers.command(target))
                .containsExactly("postgres", "-c", "fsync=off", "-c", "application_name=" + value);
    }
}
