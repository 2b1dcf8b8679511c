package dev.dbbench.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import org.junit.jupiter.api.Test;

class InvocationTest {

    @Test
    void readsTheProfilesAndPropertiesOfTheMavenCommandLineInEitherSpelling() {
        final Invocation invocation = Invocation.of(Optional.of(
                " -B verify -Pexamples -P seed-scale --activate-profiles x,y -Djunit.version=5.14.4 -D dbbench.samples=9"
                        + " --define skipITs -Dtest=OrderBench#find"), new Properties());

        assertThat(invocation.profiles()).contains(List.of("examples", "seed-scale", "x,y"));
        assertThat(invocation.mavenProperties()).isEqualTo(Map.of("junit.version", "5.14.4", "dbbench.samples", "9",
                "skipITs", "true", "test", "OrderBench#find"));
    }

    @Test
    void keepsTheDbbenchSystemPropertiesAndNoOthers() {
        final Properties system = new Properties();
        system.setProperty("dbbench.provider", "embedded");
        system.setProperty("java.version", "17");

        final Invocation invocation = Invocation.of(Optional.of("verify"), system);

        assertThat(invocation.settings()).isEqualTo(Map.of("dbbench.provider", "embedded"));
        assertThat(invocation.profiles()).contains(List.of());
    }

    @Test
    void leavesCredentialsOutAndNamesThem() {
        final Properties system = new Properties();
        system.setProperty("dbbench.postgres.password", "s3cret");
        system.setProperty("dbbench.postgres.url", "jdbc:postgresql://db/app?user=a&password=s3cret");

        final Invocation invocation = Invocation.of(Optional.of("-Dpg.pass=x -DdbPassword=y"), system);

        assertThat(invocation.settings()).isEmpty();
        assertThat(invocation.mavenProperties()).containsOnlyKeys("pg.pass");
        assertThat(invocation.omitted()).containsExactly("dbPassword", "dbbench.postgres.password",
                "dbbench.postgres.url");
    }

    @Test
    void aRunNotStartedByMavensScriptHasNoKnownProfiles() {
        assertThat(Invocation.of(Optional.empty(), new Properties()).profiles()).isEmpty();
    }
}
