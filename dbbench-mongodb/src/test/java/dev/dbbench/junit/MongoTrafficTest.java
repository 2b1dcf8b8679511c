package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import dev.dbbench.api.Collection;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Mongo;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * What a MongoDB body says to its server is counted by the driver's command listener: commands by
 * shape, documents returned and bytes, the same on the emulator as on a real server, and exact.
 */
class MongoTrafficTest {

    static volatile boolean extraCommand;

    @TempDir
    Path temp;

    @BeforeEach
    void unchanged() {
        extraCommand = false;
    }

    @Test
    void commandsDocumentsAndBytesAreCountedAndOneMoreCommandFails() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
        runner.run(FindCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));
        final JsonNode traffic = new ObjectMapper().readTree(runner.reportDirectory().resolve("results.json").toFile())
                .get("results").get(0).get("traffic");
        assertThat(traffic.get("requests").get("find products {brand: ?}").asLong()).isEqualTo(1);
        assertThat(traffic.get("documents").asLong()).isEqualTo(20);
        assertThat(traffic.get("roundTrips").asLong()).isEqualTo(1);
        assertThat(traffic.get("bytesSent").asLong()).isPositive();
        assertThat(traffic.get("bytesReceived").asLong()).isGreaterThan(20 * 30);

        runner.run(FindCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));

        extraCommand = true;
        final EngineExecutionResults changed = runner.run(FindCase.class);
        changed.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(changed))
                .contains("TRAFFIC REGRESSION in MongoTrafficTest$FindCase.findBrand [mongodb emulated]")
                .contains("count products {}")
                .contains("executions per call 0 -> 1")
                .contains("round trips per call 1 -> 2");
    }

    @Mongo
    static class FindCase {

        @BeforeAll
        static void load(@Collection("products") MongoCollection<Document> products) {
            final List<Document> documents = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                documents.add(new Document("_id", i).append("brand", i % 5 == 0 ? "ACME" : "other")
                        .append("name", "product number " + i));
            }
            products.insertMany(documents);
        }

        @DbBenchmark(warmups = 1, samples = 5, opsPerSample = 1)
        void findBrand(@Collection("products") MongoCollection<Document> products) {
            products.find(Filters.eq("brand", "ACME")).into(new ArrayList<>());
            if (extraCommand) {
                products.estimatedDocumentCount();
            }
        }
    }
}
