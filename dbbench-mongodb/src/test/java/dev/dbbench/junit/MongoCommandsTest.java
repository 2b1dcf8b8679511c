package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.ServerAddress;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import dev.dbbench.api.Collection;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.DbFixture;
import dev.dbbench.api.ExpectScaling;
import dev.dbbench.api.Growth;
import dev.dbbench.api.MaxStatements;
import dev.dbbench.api.Mongo;
import dev.dbbench.api.Scale;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * What dbbench captures of a MongoDB body on the emulator, end to end: every command sent to the
 * class's database by shape, from any client dbbench gave out and on any thread, so a filter moved to
 * another field is another command; {@code @MaxStatements} and {@code @ExpectScaling} judged on those
 * commands; commands from a client dbbench does not see reported, in CI as a failure; and a real
 * server's cursor batches, which the emulator would otherwise not have.
 */
class MongoCommandsTest {

    /** Which field {@link FilterCase#byBrand} filters on. */
    static volatile String field;
    /** Whether {@link FilterCase#byBrand} reads each product again by its id (an N+1). */
    static volatile boolean onePerProduct;

    @TempDir
    Path temp;

    @BeforeEach
    void unchanged() {
        field = "brand";
        onePerProduct = false;
    }

    @Test
    void aFilterMovedToAnotherFieldIsAnotherCommandAndFailsNamingBoth() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
        runner.run(FilterCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));
        assertThat(runner.entry(FilterCase.class, "byBrand [mongodb emulated]").get("traffic").get("requests")
                .fieldNames()).toIterable().containsExactly("find products {brand: ?} sort {name: 1}");

        field = "name";
        final EngineExecutionResults moved = runner.run(FilterCase.class);

        moved.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(moved))
                .contains("TRAFFIC REGRESSION in MongoCommandsTest$FilterCase.byBrand [mongodb emulated]")
                .containsPattern("less work +find products \\{brand: \\?} sort \\{name: 1}\\s+executions per call 1 -> 0")
                .containsPattern("more work +find products \\{name: \\?} sort \\{name: 1}\\s+executions per call 0 -> 1");
    }

    @Test
    void maxStatementsIsCheckedOnTheCommandsANPlusOneSends() {
        onePerProduct = true;
        final EngineExecutionResults results = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off")
                .run(FilterCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("COMMAND PLAN REGRESSION in MongoCommandsTest$FilterCase.byBrand [mongodb emulated]")
                .contains("@MaxStatements(1): one call sent 21 commands: 20 x find products {_id: ?} limit;"
                        + " 1 x find products {brand: ?} sort {name: 1}");
    }

    @Test
    void anNPlusOneFailsExpectScalingOnCommandsNamingTheCommandThatGrew() {
        final EngineExecutionResults results = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off")
                .run(OrdersCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(2).failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("SCALING MISSED in MongoCommandsTest$OrdersCase.linesOfOrders [mongodb emulated]:"
                        + " @ExpectScaling(atMost = LINEAR, statements = CONSTANT) over orders")
                .contains("statement find lines {order: ?} limit ran 4x at orders=4, 8x at orders=8, 16x at orders=16")
                .contains("an N+1");
    }

    @Test
    void commandsOfAClientBuiltFromAConnectionStringAreReportedAndFailInCi() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
        final EngineExecutionResults results = runner.run(OwnClientCase.class);

        DatabaseCaptureTest.expectFailureInCiOnly(results,
                "TRAFFIC NOT CAPTURED in MongoCommandsTest$OwnClientCase.countWithItsOwnClient");
        final JsonNode result = runner.result("countWithItsOwnClient");
        assertThat(result.get("traffic").get("unseen").asLong()).isEqualTo(1);
        assertThat(FixtureRunner.metric(result, "traffic").get("findings").get(0).get("detail").asText())
                .startsWith("1 command(s) reached the class's database during the call from clients dbbench does not"
                        + " see")
                .contains("a client the code builds itself from a connection string is not seen");
    }

    @Test
    void commandsSentOnAnotherThreadAreCountedAndACursorIsBatchedAsARealServerBatchesIt() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
        final EngineExecutionResults results = runner.run(ThreadCase.class);
        assertThat(results.allEvents().failed().count()).as(() -> FixtureRunner.firstFailure(results)).isZero();

        final JsonNode traffic = runner.result("readAllOnAnotherThread").get("traffic");
        // 1,000 documents: a first batch of 101, then the rest in one getMore, as mongod answers.
        assertThat(traffic.get("requests").get("find products {}").asLong()).isEqualTo(1);
        assertThat(traffic.get("requests").get("getMore products").asLong()).isEqualTo(1);
        assertThat(traffic.get("roundTrips").asLong()).isEqualTo(2);
        assertThat(traffic.get("documents").asLong()).isEqualTo(1_000);
    }

    static void loadProducts(MongoCollection<Document> products, int count) {
        final List<Document> documents = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            documents.add(new Document("_id", i).append("brand", i % 5 == 0 ? "ACME" : "brand " + i % 5)
                    .append("name", "product " + i));
        }
        products.insertMany(documents);
    }

    @Mongo
    static class FilterCase {

        @BeforeAll
        static void load(@Collection("products") MongoCollection<Document> products) {
            loadProducts(products, 100);
        }

        @DbBenchmark(warmups = 1, samples = 3, opsPerSample = 1)
        @MaxStatements(1)
        void byBrand(@Collection("products") MongoCollection<Document> products) {
            final String value = field.equals("brand") ? "ACME" : "product 5";
            for (Document product : products.find(Filters.eq(field, value)).sort(new Document("name", 1))) {
                if (onePerProduct) {
                    products.find(Filters.eq("_id", product.get("_id"))).limit(1).first();
                }
            }
        }
    }

    @Mongo
    @Scale(name = "orders", small = {4, 8, 16})
    static class OrdersCase {

        @DbFixture
        static void load(MongoDatabase db, long orders) {
            final List<Document> lines = new ArrayList<>();
            final List<Document> all = new ArrayList<>();
            for (int order = 0; order < orders; order++) {
                all.add(new Document("_id", order));
                lines.add(new Document("order", order).append("quantity", 1));
            }
            db.getCollection("orders").insertMany(all);
            db.getCollection("lines").insertMany(lines);
        }

        @DbBenchmark(warmups = 1, samples = 3, opsPerSample = 1)
        @ExpectScaling(atMost = Growth.LINEAR, statements = Growth.CONSTANT)
        void linesOfOrders(MongoDatabase db, long orders) {
            for (Document order : db.getCollection("orders").find()) {
                db.getCollection("lines").find(Filters.eq("order", order.get("_id"))).first();
            }
        }
    }

    @Mongo
    static class OwnClientCase {

        @BeforeAll
        static void load(@Collection("items") MongoCollection<Document> items) {
            items.insertOne(new Document("_id", 1));
        }

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void countWithItsOwnClient(MongoClient injected, MongoDatabase db) {
            final ServerAddress address = injected.getClusterDescription().getServerDescriptions().get(0).getAddress();
            try (MongoClient own = MongoClients.create("mongodb://" + address.getHost() + ":" + address.getPort())) {
                own.getDatabase(db.getName()).getCollection("items").countDocuments();
            }
        }
    }

    @Mongo
    static class ThreadCase {

        @BeforeAll
        static void load(@Collection("products") MongoCollection<Document> products) {
            loadProducts(products, 1_000);
        }

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void readAllOnAnotherThread(@Collection("products") MongoCollection<Document> products) {
            CompletableFuture.supplyAsync(() -> products.find().into(new ArrayList<>())).join();
        }
    }
}
