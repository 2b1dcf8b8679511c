package dev.dbbench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.TreeMap;

import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderKind;
import org.junit.jupiter.api.Test;

class EngineTargetTest {

    @Test
    void labelsNameEngineVersionAndProvider() {
        assertThat(target(EngineKind.POSTGRES, "17", ProviderKind.EMBEDDED, "").label())
                .isEqualTo("postgres 17 embedded");
        assertThat(target(EngineKind.POSTGRES, "15", ProviderKind.CONTAINER, "dbbench/postgres:15-local").label())
                .isEqualTo("postgres 15 container");
        assertThat(target(EngineKind.POSTGRES, "17", ProviderKind.EXTERNAL, "").label())
                .isEqualTo("postgres 17 external");
        assertThat(target(EngineKind.MONGODB, "8.0", ProviderKind.CONTAINER, "mongo:8.0").label())
                .isEqualTo("mongodb 8.0 container");
    }

    @Test
    void anEmulatorHasNoVersionInItsLabel() {
        assertThat(target(EngineKind.MONGODB, "", ProviderKind.EMULATED, "").label()).isEqualTo("mongodb emulated");
    }

    @Test
    void settingsFollowTheProvider() {
        final TreeMap<String, String> settings = new TreeMap<>();
        settings.put("fsync", "on");
        assertThat(new EngineTarget(EngineKind.POSTGRES, "15", settings, ProviderKind.CONTAINER, "postgres:15").label())
                .isEqualTo("postgres 15 container fsync=on");
    }

    @Test
    void targetsThatDifferOnlyInImageAreDifferentServersWithOneLabel() {
        final EngineTarget official = target(EngineKind.POSTGRES, "15", ProviderKind.CONTAINER, "postgres:15");
        final EngineTarget local = target(EngineKind.POSTGRES, "15", ProviderKind.CONTAINER, "dbbench/postgres:15-local");
        assertThat(official).isNotEqualTo(local);
        assertThat(official.label()).isEqualTo(local.label());
    }

    private static EngineTarget target(EngineKind kind, String version, ProviderKind provider, String image) {
        return new EngineTarget(kind, version, new TreeMap<>(), provider, image);
    }
}
