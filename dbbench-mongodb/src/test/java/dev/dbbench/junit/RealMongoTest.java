package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Indexes;
import dev.dbbench.api.Collection;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.DbFixture;
import dev.dbbench.api.Mongo;
import dev.dbbench.api.NoSeqScan;
import dev.dbbench.api.UsesIndex;
import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The server's own work on a real {@code mongod}, from its profiler: a query that lost its index and
 * a filter moved to an unindexed field fail on the plan, the documents examined and the declared
 * expectations. It needs a real server, named by {@code DBBENCH_MONGODB_REAL_URI}: the repository's
 * GitHub workflow runs it against {@code mongo:8.0}; no mongod can run on the machines dbbench is
 * built on, where it is skipped (its parsing is {@code MongoProfilerTest}'s, on documented shapes).
 */
class RealMongoTest {

    static final String URI = System.getenv("DBBENCH_MONGODB_REAL_URI");

    /** Whether {@link ProductsCase} creates its index. */
    static volatile boolean indexed;
    /** The field {@link ProductsCase#byBrand} filters on. */
    static volatile String field;

    @TempDir
    Path temp;

    @BeforeEach
    void realServer() {
        assumeTrue(URI != null, "needs a real mongod, named by DBBENCH_MONGODB_REAL_URI (the GitHub workflow's"
                + " mongodb job starts mongo:8.0)");
        indexed = true;
        field = "brand";
    }

    private FixtureRunner runner() {
        return new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off").with(ConfigKeys.PROVIDER, "external")
                .with(ConfigKeys.MONGODB_URI, URI);
    }

    @Test
    void aQueryThatLostItsIndexFailsOnItsPlanTheDocumentsItExaminedAndItsExpectations() throws Exception {
        final FixtureRunner runner = runner();
        runner.run(ProductsCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));
        final JsonNode recorded = runner.entry(ProductsCase.class, "byBrand [mongodb 8.0 external]").get("commandPlans");
        assertThat(recorded.get("profiled").asBoolean()).isTrue();
        assertThat(recorded.toString()).contains("IXSCAN { brand: 1 }").contains("\"brand_1\"");

        indexed = false;
        final EngineExecutionResults lost = runner.run(ProductsCase.class);

        lost.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(lost))
                .contains("COMMAND PLAN REGRESSION in RealMongoTest$ProductsCase.byBrand [mongodb 8.0 external]")
                .contains("plan IXSCAN { brand: 1 } -> COLLSCAN")
                .contains("docs examined per call 50 -> 2000")
                .contains("@UsesIndex(\"brand_1\"): no command's plan uses it")
                .contains("@NoSeqScan: collection scan of products");
    }

    @Test
    void aFilterMovedToAnUnindexedFieldIsAnotherCommandThatScans() {
        final FixtureRunner runner = runner();
        runner.run(ProductsCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        field = "name";
        final EngineExecutionResults moved = runner.run(ProductsCase.class);

        moved.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(moved))
                .contains("more work          find products {name: ?}")
                .contains("@NoSeqScan: collection scan of products (2000 docs examined per call)");
    }

    @Mongo
    static class ProductsCase {

        @DbFixture
        static void load(@Collection("products") MongoCollection<Document> products) {
            final List<Document> documents = new ArrayList<>();
            for (int i = 0; i < 2_000; i++) {
                documents.add(new Document("_id", i).append("brand", i % 40 == 0 ? "ACME" : "brand " + i % 40)
                        .append("name", i % 40 == 0 ? "ACME" : "product " + i));
            }
            products.insertMany(documents);
            if (indexed) {
                products.createIndex(Indexes.ascending("brand"));
            }
        }

        @DbBenchmark(warmups = 1, samples = 3, opsPerSample = 1)
        @UsesIndex("brand_1")
        @NoSeqScan("products")
        void byBrand(@Collection("products") MongoCollection<Document> products) {
            products.find(Filters.eq(field, "ACME")).into(new ArrayList<>());
        }
    }
}
