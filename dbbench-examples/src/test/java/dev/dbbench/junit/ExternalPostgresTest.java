package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.ConfigKeys;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The external provider against a PostgreSQL 15 server that {@code .ci/external-postgres.sh} starts
 * from Debian's packages, named by {@code DBBENCH_EXTERNAL_PG_URL}, {@code _USER} and
 * {@code _PASSWORD}.
 */
class ExternalPostgresTest {

    static String url;
    static String user;
    static String password;

    @TempDir
    Path temp;

    @BeforeAll
    static void requireServer() {
        url = Requirements.env("DBBENCH_EXTERNAL_PG_URL", "the external PostgreSQL tests");
        user = Requirements.env("DBBENCH_EXTERNAL_PG_USER", "the external PostgreSQL tests");
        password = Requirements.env("DBBENCH_EXTERNAL_PG_PASSWORD", "the external PostgreSQL tests");
    }

    private FixtureRunner external(String withPassword) {
        return new FixtureRunner(temp)
                .with(ConfigKeys.PROVIDER, "external")
                .with(ConfigKeys.POSTGRES_VERSION, "15")
                .with(ConfigKeys.POSTGRES_URL, url)
                .with(ConfigKeys.POSTGRES_USER, user)
                .with(ConfigKeys.POSTGRES_PASSWORD, withPassword)
                .with(ConfigKeys.WARMUPS, "1")
                .with(ConfigKeys.SAMPLES, "3");
    }

    @Test
    void theCatalogExampleRunsUnchangedAndLeavesNothingBehindNorAPasswordAnywhere() throws Exception {
        final List<String> before = databases();
        final FixtureRunner runner = external(password);

        final EngineExecutionResults results = runner.run("dev.dbbench.examples.JsonbCatalogBench");
        results.testEvents().assertStatistics(stats -> stats.succeeded(5).failed(0));
        // Dropping the class's database happens as the class ends: a failure there fails the class, not a test.
        assertThat(results.containerEvents().failed().count()).as(() -> FixtureRunner.firstFailure(results)).isZero();

        assertThat(databases()).as("databases after the run").isEqualTo(before);
        final Path baseline = runner.baselineDirectory().resolve("dev.dbbench.examples.JsonbCatalogBench.json");
        final JsonNode environment = new ObjectMapper().readTree(baseline.toFile()).get("benchmarks")
                .get("findByBrandArrow [postgres 15 external]").get("environment");
        assertThat(environment.get("engine.provider").asText()).isEqualTo("external");
        assertThat(environment.get("engine.server").asText()).isEqualTo(url);
        assertThat(environment.get("engine.version").asText()).startsWith("15.");
        try (Stream<Path> written = Files.walk(temp)) {
            for (Path file : written.filter(Files::isRegularFile).toList()) {
                assertThat(Files.readString(file, StandardCharsets.UTF_8)).as(file.toString()).doesNotContain(password);
            }
        }
    }

    @Test
    void rejectedCredentialsAreAClearErrorWithoutThePassword() {
        final String wrong = "not-the-" + password;
        final EngineExecutionResults results = external(wrong).run("dev.dbbench.examples.JsonbCatalogBench");

        results.testEvents().assertStatistics(stats -> stats.succeeded(0));
        final String message = FixtureRunner.firstFailure(results);
        assertThat(message).contains("cannot use the external PostgreSQL server " + url + " as user " + user)
                .contains("password authentication failed")
                .doesNotContain(wrong);
    }

    @Test
    void aServerThatDoesNotAnswerIsAClearErrorWithTheRedactedUrl() {
        final EngineExecutionResults results = external(password)
                .with(ConfigKeys.POSTGRES_URL, "jdbc:postgresql://127.0.0.1:1/postgres?password=" + password)
                .run("dev.dbbench.examples.JsonbCatalogBench");

        final String message = FixtureRunner.firstFailure(results);
        assertThat(message).contains("cannot use the external PostgreSQL server"
                + " jdbc:postgresql://127.0.0.1:1/postgres?password=*** as user " + user)
                .doesNotContain(password);
    }

    private static List<String> databases() throws SQLException {
        final List<String> names = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(url, user, password);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT datname FROM pg_database ORDER BY datname")) {
            while (rows.next()) {
                names.add(rows.getString(1));
            }
        }
        return names;
    }
}
