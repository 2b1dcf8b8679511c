package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.model.Container;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import dev.dbbench.engine.containers.RunningContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.testcontainers.DockerClientFactory;

/**
 * The containers provider for real, through the same Testcontainers code users run: PostgreSQL from
 * the image in {@code DBBENCH_POSTGRES_IMAGE} (PostgreSQL 15) and the MongoDB-wire image in
 * {@code DBBENCH_MONGO_WIRE_IMAGE}. After every test no container of dbbench's is left.
 */
class ContainerEnginesTest {

    /**
     * The version the MongoDB image reports: 5.0 for the MongoDB-wire image (mongo-java-server); set
     * {@code DBBENCH_MONGO_IMAGE_VERSION} when {@code DBBENCH_MONGO_WIRE_IMAGE} names a real mongod.
     */
    static String mongoVersion;

    static String postgresImage;
    static String mongoWireImage;

    @TempDir
    Path temp;

    @BeforeAll
    static void requireDockerAndImages() {
        Requirements.docker();
        postgresImage = Requirements.env("DBBENCH_POSTGRES_IMAGE", "the PostgreSQL container tests");
        mongoWireImage = Requirements.env("DBBENCH_MONGO_WIRE_IMAGE", "the MongoDB container tests");
        mongoVersion = Optional.ofNullable(System.getenv("DBBENCH_MONGO_IMAGE_VERSION")).orElse("5.0");
    }

    @AfterEach
    void noContainerIsLeft() {
        final List<Container> left = DockerClientFactory.instance().client().listContainersCmd().withShowAll(true)
                .withLabelFilter(List.of(RunningContainer.LABEL)).exec();
        assertThat(left).as("containers labelled " + RunningContainer.LABEL).isEmpty();
    }

    private FixtureRunner containers() {
        return new FixtureRunner(temp)
                .with(ConfigKeys.PROVIDER, "containers")
                .with(ConfigKeys.POSTGRES_VERSION, "15")
                .with(ConfigKeys.POSTGRES_IMAGE, postgresImage)
                .with(ConfigKeys.MONGODB_VERSION, mongoVersion)
                .with(ConfigKeys.MONGODB_IMAGE, mongoWireImage)
                .with(ConfigKeys.WARMUPS, "1")
                .with(ConfigKeys.SAMPLES, "3");
    }

    @Test
    void theCatalogExampleRunsUnchangedInAPostgresContainer() throws Exception {
        final FixtureRunner runner = containers();
        runner.run("dev.dbbench.examples.JsonbCatalogBench").testEvents()
                .assertStatistics(stats -> stats.succeeded(5).failed(0));

        final JsonNode entry = baselines(runner, "dev.dbbench.examples.JsonbCatalogBench")
                .get("findByBrandContainment [postgres 15 container]");
        final JsonNode environment = entry.get("environment");
        assertThat(environment.get("engine.provider").asText()).isEqualTo("container");
        assertThat(environment.get("engine.version").asText()).startsWith("15.");
        assertThat(environment.get("engine.image").asText()).isEqualTo(postgresImage);
        assertThat(environment.get("engine.image.id").asText()).startsWith("sha256:");
        // Testcontainers' default for PostgreSQL, kept and recorded.
        assertThat(environment.get("engine.setting.fsync").asText()).isEqualTo("off");
        assertThat(environment.get("engine.tmpfs").asText()).isEqualTo("false");
    }

    @Test
    void settingsBecomeServerOptionsAndTheDataDirectoryCanLiveOnTmpfs() throws Exception {
        final FixtureRunner runner = containers().with(ConfigKeys.CONTAINERS_TMPFS, "true");
        runner.run(SettingsCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));

        final JsonNode environment = baselines(runner, SettingsCase.class.getName())
                .get("ping [postgres 15 container fsync=on work_mem=8MB]").get("environment");
        assertThat(environment.get("engine.setting.work_mem").asText()).isEqualTo("8MB");
        assertThat(environment.get("engine.setting.fsync").asText()).isEqualTo("on");
        assertThat(environment.get("engine.tmpfs").asText()).isEqualTo("true");
    }

    @Test
    void theMongoTwinRunsInAMongoWireContainer() throws Exception {
        final FixtureRunner runner = containers();
        runner.run("dev.dbbench.examples.MongoCatalogBench").testEvents()
                .assertStatistics(stats -> stats.succeeded(3).failed(0));

        final JsonNode environment = baselines(runner, "dev.dbbench.examples.MongoCatalogBench")
                .get("findByBrand [mongodb " + mongoVersion + " container]").get("environment");
        assertThat(environment.get("engine.image").asText()).isEqualTo(mongoWireImage);
        assertThat(environment.get("engine.version").asText()).startsWith(mongoVersion);
    }

    @Test
    void autoChoosesContainersWhenDockerAnswers() throws Exception {
        final FixtureRunner runner = containers().with(ConfigKeys.PROVIDER, "auto");
        runner.run(SettingsCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));

        assertThat(baselines(runner, SettingsCase.class.getName()).fieldNames()).toIterable()
                .containsExactly("ping [postgres 15 container fsync=on work_mem=8MB]");
    }

    @Test
    void anImageRunningAnotherMajorThanDeclaredIsAnErrorNamingTheImage() {
        final EngineExecutionResults results = containers().with(ConfigKeys.POSTGRES_VERSION, "17")
                .run(SettingsCase.class);

        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("image " + postgresImage + " runs PostgreSQL 15.")
                .contains("but the target [postgres 17 container fsync=on work_mem=8MB] declares major version 17");
    }

    @Test
    void anImageThatCannotBePulledIsAnErrorNamingIt() {
        final EngineExecutionResults results = containers()
                .with(ConfigKeys.POSTGRES_IMAGE, "dbbench/no-such-image:0")
                .with(ConfigKeys.CONTAINERS_PULL_TIMEOUT_SECONDS, "30")
                .run(SettingsCase.class);

        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("image dbbench/no-such-image:0 is not present locally");
    }

    @Test
    void aContainerThatDiesFailsItsTestWithItsLogAndLaterClassesGetAFreshOne() {
        final EngineExecutionResults results = containers()
                .with("junit.jupiter.testclass.order.default", ClassOrderer.OrderAnnotation.class.getName())
                .run(KillCase.class, AfterKillCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .startsWith("KillCase.stopServer() on [postgres 15 container] failed because its container (image "
                        + postgresImage + ") is no longer running; its last log lines:")
                .contains("  | ")
                .contains("immediate shutdown");
    }

    private static JsonNode baselines(FixtureRunner runner, String className) throws Exception {
        return new ObjectMapper().readTree(runner.baselineDirectory().resolve(className + ".json").toFile())
                .get("benchmarks");
    }

    @Postgres(settings = {"work_mem=8MB", "fsync=on"})
    static class SettingsCase {

        @DbBenchmark(opsPerSample = 1)
        void ping(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("SELECT 1");
            }
        }
    }

    @Postgres
    @Order(1)
    static class KillCase {

        @DbBenchmark(warmups = 0, samples = 1, opsPerSample = 1)
        void stopServer(Connection db) throws Exception {
            try (Statement statement = db.createStatement()) {
                // SIGQUIT to the postmaster (PID 1 in the container): immediate shutdown, the container exits.
                statement.execute("COPY (SELECT 1) TO PROGRAM 'kill -QUIT 1'");
            } catch (SQLException serverWentAway) {
                // The COPY itself may lose its pipe or connection first; what counts is what follows.
            }
            // Long enough for Docker to see the container exit, so the failure below finds it stopped.
            Thread.sleep(3_000);
            try (Statement statement = db.createStatement()) {
                statement.execute("SELECT 1");
            }
        }
    }

    @Postgres
    @Order(2)
    static class AfterKillCase {

        @DbBenchmark(warmups = 0, samples = 1, opsPerSample = 1)
        void ping(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("SELECT 1");
            }
        }
    }
}
