package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import dev.dbbench.api.ConfigKeys;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The external MongoDB provider against a server this test runs itself on a loopback port (the
 * emulator, which reports version 5.0 and has no authentication).
 */
class ExternalMongoTest {

    @TempDir
    Path temp;

    private MongoServer server;
    private String uri;

    @BeforeEach
    void startServer() {
        server = new MongoServer(new MemoryBackend());
        final InetSocketAddress address = server.bind();
        uri = "mongodb://" + address.getHostString() + ":" + address.getPort();
    }

    @AfterEach
    void stopServer() {
        server.shutdownNow();
    }

    private FixtureRunner external(String withUri) {
        return new FixtureRunner(temp)
                .with(ConfigKeys.PROVIDER, "external")
                .with(ConfigKeys.MONGODB_VERSION, "5.0")
                .with(ConfigKeys.MONGODB_URI, withUri)
                .with(ConfigKeys.WARMUPS, "1")
                .with(ConfigKeys.SAMPLES, "3");
    }

    @Test
    void theMongoTwinRunsOnAnExternalServerAndDropsItsDatabase() throws Exception {
        final FixtureRunner runner = external(uri);
        runner.run("dev.dbbench.examples.MongoCatalogBench").testEvents()
                .assertStatistics(stats -> stats.succeeded(3).failed(0));

        try (MongoClient client = MongoClients.create(uri)) {
            final List<String> databases = client.listDatabaseNames().into(new ArrayList<>());
            assertThat(databases).noneMatch(name -> name.startsWith("dbbench_"));
        }
        final JsonNode environment = new ObjectMapper()
                .readTree(runner.baselineDirectory().resolve("dev.dbbench.examples.MongoCatalogBench.json").toFile())
                .get("benchmarks").get("findByBrand [mongodb 5.0 external]").get("environment");
        assertThat(environment.get("engine.provider").asText()).isEqualTo("external");
        assertThat(environment.get("engine.server").asText()).isEqualTo(uri);
    }

    @Test
    void rejectedCredentialsAreAnErrorWithTheUriRedacted() {
        final String withCredentials = uri.replace("mongodb://", "mongodb://bench:hunter2@");

        final String failure = FixtureRunner.firstFailure(external(withCredentials)
                .run("dev.dbbench.examples.MongoCatalogBench"));

        assertThat(failure).contains("cannot use the external MongoDB server "
                + uri.replace("mongodb://", "mongodb://bench:***@") + " (dbbench.mongodb.uri)")
                .doesNotContain("hunter2");
    }
}
