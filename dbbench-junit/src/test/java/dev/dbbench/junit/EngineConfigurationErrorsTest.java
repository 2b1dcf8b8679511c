package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Mongo;
import dev.dbbench.api.Postgres;
import dev.dbbench.api.Provider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Engine annotations and engine keys with values dbbench cannot use fail before any server starts. */
class EngineConfigurationErrorsTest {

    @TempDir
    Path temp;

    @Test
    void aMongoVersionThatIsNotMajorMinorNamesTheAnnotationAndTheValue() {
        assertThat(FixtureRunner.firstFailure(new FixtureRunner(temp).run(BadMongoVersionCase.class)))
                .isEqualTo("@Mongo on BadMongoVersionCase must declare version a MongoDB version as major.minor,"
                        + " such as 8.0, but was '8'");
    }

    @Test
    void optionsOnTheEmulatorAreAnErrorNotIgnored() {
        assertThat(FixtureRunner.firstFailure(new FixtureRunner(temp).run(EmulatorOptionsCase.class)))
                .isEqualTo("@Mongo on EmulatorOptionsCase declares options {wiredTigerCacheSizeGB=1}, which only"
                        + " apply to a mongod dbbench starts in a container, but the provider is emulated");
    }

    @Test
    void settingsCannotBeAppliedToAnExternalServer() {
        final FixtureRunner runner = new FixtureRunner(temp)
                .with(ConfigKeys.POSTGRES_URL, "jdbc:postgresql://127.0.0.1:1/postgres")
                .with(ConfigKeys.POSTGRES_USER, "bench");
        assertThat(FixtureRunner.firstFailure(runner.run(ExternalSettingsCase.class)))
                .isEqualTo("@Postgres on ExternalSettingsCase declares settings {work_mem=8MB}, which dbbench cannot"
                        + " apply to an external server; remove them or choose another provider");
    }

    @Test
    void aBadTmpfsValueNamesTheKey() {
        assertThat(FixtureRunner.firstFailure(new FixtureRunner(temp).with(ConfigKeys.CONTAINERS_TMPFS, "yes")
                .run(PlainCase.class)))
                .isEqualTo("configuration parameter dbbench.containers.tmpfs must be true or false but was 'yes'");
    }

    @Test
    void anExternalUrlWithoutUserNamesBothKeysAndNeverTheUrlsPassword() {
        final String failure = FixtureRunner.firstFailure(new FixtureRunner(temp)
                .with(ConfigKeys.POSTGRES_URL, "jdbc:postgresql://127.0.0.1:1/postgres?password=hunter2")
                .run(PlainCase.class));
        assertThat(failure).isEqualTo("configuration parameter dbbench.postgres.user must be set when"
                + " dbbench.postgres.url is");
    }

    @Test
    void aUrlThatIsNotJdbcPostgresIsRedactedInTheError() {
        final String failure = FixtureRunner.firstFailure(new FixtureRunner(temp)
                .with(ConfigKeys.POSTGRES_URL, "postgres://bench:hunter2@db:5432/postgres")
                .with(ConfigKeys.POSTGRES_USER, "bench")
                .run(PlainCase.class));
        assertThat(failure).isEqualTo("configuration parameter dbbench.postgres.url must be a PostgreSQL JDBC URL"
                + " such as jdbc:postgresql://localhost:5432/postgres but was 'postgres://bench:***@db:5432/postgres'");
    }

    @Test
    void aClassLevelMethodOnSeveralTargetsIsPointedToDbFixture() {
        assertThat(FixtureRunner.firstFailure(new FixtureRunner(temp).run(TwoVersionsBeforeAllCase.class)))
                .contains("TwoVersionsBeforeAllCase runs on 2 engine targets that inject Connection")
                .contains("fill each target's database in a @DbFixture method instead, which dbbench calls once per"
                        + " fresh database with that database's Connection");
    }

    @Postgres(version = "16")
    @Postgres(version = "17")
    static class TwoVersionsBeforeAllCase {
        @BeforeAll
        static void load(Connection db) {
        }

        @DbBenchmark
        void body() {
        }
    }

    @Mongo(version = "8")
    static class BadMongoVersionCase {
        @DbBenchmark
        void body() {
        }
    }

    @Mongo(options = "wiredTigerCacheSizeGB=1")
    static class EmulatorOptionsCase {
        @DbBenchmark
        void body() {
        }
    }

    @Postgres(settings = "work_mem=8MB", provider = Provider.EXTERNAL)
    static class ExternalSettingsCase {
        @DbBenchmark
        void body() {
        }
    }

    @Postgres
    static class PlainCase {
        @DbBenchmark(warmups = 0, samples = 1, opsPerSample = 1)
        void body() {
        }
    }
}
