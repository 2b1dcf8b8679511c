package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.DbFixture;
import dev.dbbench.api.MaxStatements;
import dev.dbbench.api.Mongo;
import dev.dbbench.junit.catalog.Catalog;
import dev.dbbench.junit.catalog.CatalogApplication;
import dev.dbbench.junit.catalog.Product;
import dev.dbbench.junit.catalog.Products;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.data.mongo.DataMongoTest;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.index.IndexInfo;
import org.springframework.test.context.ContextConfiguration;

/**
 * A Spring Boot application on Spring Data MongoDB, benchmarked as its tests would be: a test class
 * with {@code @SpringBootTest} (or {@code @DataMongoTest}) and {@code @Mongo} gets the application's
 * own client pointed at the class's database on dbbench's server, with nothing in the body but the
 * application's beans. Its repository's commands are counted by shape; the indexes the application
 * created at startup are in every class's database; an N+1 behind the service fails.
 */
class SpringMongoTest {

    /** Whether {@link CatalogBench#brandNames} reads each product again by its id. */
    static volatile boolean oneByOne;
    /** The indexes the application saw on the class's database. */
    static final Set<String> INDEXES = ConcurrentHashMap.newKeySet();

    @TempDir
    Path temp;

    @BeforeEach
    void unchanged() {
        oneByOne = false;
        INDEXES.clear();
    }

    private FixtureRunner runner() {
        return new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");
    }

    @Test
    void theRepositorysCommandsAreCountedWithNoParameterInTheBodyOnTheClasssOwnDatabase() throws Exception {
        final FixtureRunner runner = runner();
        runner.run(CatalogBench.class).testEvents().assertStatistics(stats -> stats.succeeded(2).failed(0));

        final JsonNode traffic = runner.result("brandNames").get("traffic");
        assertThat(traffic.get("requests").fieldNames()).toIterable().containsExactly("find products {brand: ?}");
        assertThat(traffic.get("documents").asLong()).isEqualTo(25);
        assertThat(traffic.has("unseen")).isFalse();
        // Spring Data created its index on the template when the application started; the class's database is a copy.
        assertThat(INDEXES).contains("brand");
    }

    @Test
    void anNPlusOneBehindTheServiceFailsNamingTheCommandRunOncePerProduct() {
        oneByOne = true;
        final EngineExecutionResults results = runner().run(CatalogBench.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("COMMAND PLAN REGRESSION in SpringMongoTest$CatalogBench.brandNames [mongodb emulated]")
                .contains("@MaxStatements(1): one call sent 26 commands: 25 x find products {_id: ?} limit;"
                        + " 1 x find products {brand: ?}");
    }

    @Test
    void theDataMongoTestSliceIsCountedToo() throws Exception {
        final FixtureRunner runner = runner();
        runner.run(SliceBench.class).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));

        assertThat(runner.result("countOfABrand").get("traffic").get("requests").fieldNames()).toIterable()
                .containsExactly("aggregate products [$match {brand: ?}, $group {_id: ?, n: {$sum: ?}}]");
    }

    static List<Product> products() {
        final List<Product> products = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            products.add(new Product("p" + i, i % 4 == 0 ? "ACME" : "brand " + i % 4, "product " + i));
        }
        return products;
    }

    @SpringBootTest(classes = CatalogApplication.class, properties = "spring.data.mongodb.auto-index-creation=true")
    @Mongo
    static class CatalogBench {

        @Autowired
        Products products;

        @Autowired
        Catalog catalog;

        @Autowired
        MongoTemplate template;

        @DbFixture
        void load() {
            products.saveAll(products());
        }

        @DbBenchmark(warmups = 1, samples = 3, opsPerSample = 1)
        @MaxStatements(1)
        void brandNames() {
            final List<String> names = oneByOne ? catalog.namesOneByOne("ACME") : catalog.names("ACME");
            assertThat(names).hasSize(25);
        }

        @Test
        void indexesOfTheClasssDatabase() {
            template.indexOps(Product.class).getIndexInfo().stream().map(IndexInfo::getName).forEach(INDEXES::add);
        }
    }

    @DataMongoTest
    @ContextConfiguration(classes = CatalogApplication.class)
    @Mongo
    static class SliceBench {

        @Autowired
        Products products;

        @DbFixture
        void load() {
            products.saveAll(products());
        }

        @DbBenchmark(warmups = 1, samples = 3, opsPerSample = 1)
        void countOfABrand() {
            assertThat(products.countByBrand("ACME")).isEqualTo(25);
        }
    }
}
