package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import dev.dbbench.api.Collection;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Mongo;
import dev.dbbench.api.Postgres;
import dev.dbbench.api.UsesIndex;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** MongoDB on the in-process emulator: injection, per-class databases, labels and baseline keys. */
class MongoEmulatedTest {

    static final List<String> EVENTS = Collections.synchronizedList(new ArrayList<>());

    @TempDir
    Path temp;

    @Test
    void injectsDatabaseClientAndNamedCollectionsOfAFreshDatabasePerClass() throws Exception {
        EVENTS.clear();
        final FixtureRunner runner = new FixtureRunner(temp)
                .with("junit.jupiter.testclass.order.default", ClassOrderer.OrderAnnotation.class.getName());
        runner.run(FirstCase.class, SecondCase.class).testEvents()
                .assertStatistics(stats -> stats.succeeded(2).failed(0));

        // The first class's database held its data; the second class saw neither it nor the data.
        assertThat(EVENTS).hasSize(4);
        final String first = EVENTS.get(0);
        assertThat(first).startsWith("dbbench_firstcase_");
        assertThat(EVENTS.get(1)).isEqualTo("found=2 in " + first + ".items");
        final String second = EVENTS.get(2);
        assertThat(second).startsWith("dbbench_secondcase_").isNotEqualTo(first);
        assertThat(EVENTS.get(3)).isEqualTo("databases without " + first + ", empty=true");

        final JsonNode benchmarks = new ObjectMapper().readTree(runner.baselineFile(FirstCase.class).toFile())
                .get("benchmarks");
        assertThat(benchmarks.has("count [mongodb emulated]")).isTrue();
        final JsonNode environment = benchmarks.get("count [mongodb emulated]").get("environment");
        assertThat(environment.get("engine.provider").asText()).isEqualTo("emulated");
        assertThat(environment.get("engine.server").asText()).isEqualTo("mongo-java-server 1.47.0 (memory backend)");
        assertThat(environment.get("engine.setting.writeConcern").asText()).isEqualTo("default");
    }

    @Test
    void planExpectationsOnMongoDbAreReportedAsNotCheckedRatherThanSilentlyPassed() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        runner.run(DeclaredIndexCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        final JsonNode result = new ObjectMapper().readTree(runner.reportDirectory().resolve("results.json").toFile())
                .get("results").get(0);
        assertThat(result.get("note").asText()).endsWith("@UsesIndex and @NoSeqScan not checked on [mongodb emulated]:"
                + " the emulator has no profiler and no plans (@MaxStatements is checked, on the commands sent); run the"
                + " class on a real server to check them (dbbench.provider=containers, or external)");
    }

    @Test
    void aConnectionOnAMongoTargetIsAConfigurationErrorNamingMethodParameterAndTarget() {
        final EngineExecutionResults results = new FixtureRunner(temp).run(WrongParameterCase.class);

        assertThat(FixtureRunner.firstFailure(results)).isEqualTo("@DbBenchmark method"
                + " WrongParameterCase.query() declares parameter db of type Connection, which the target"
                + " [mongodb emulated] cannot inject; it injects [MongoClient, MongoCollection, MongoDatabase]");
    }

    @Test
    void aCollectionNameMongoDbRefusesIsAConfigurationError() {
        final EngineExecutionResults results = new FixtureRunner(temp).run(BadCollectionCase.class);

        assertThat(FixtureRunner.firstFailure(results)).isEqualTo("parameter items of"
                + " BadCollectionCase.query() names the collection 'bad$name' through @Collection, which MongoDB does"
                + " not allow: use 1 to 120 characters without '$' or NUL, not starting with 'system.' and not"
                + " starting or ending with '.'");
    }

    @Test
    void oneScenarioOnPostgresAndMongoBecomesTwoInvocationsWithTheirOwnKeys() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        final EngineExecutionResults results = runner.run(TwoEnginesCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(2).failed(0));
        assertThat(results.testEvents().succeeded().stream().map(event -> event.getTestDescriptor().getDisplayName()))
                .containsExactly("[postgres 17 embedded]", "[mongodb emulated]");
        final JsonNode benchmarks = new ObjectMapper().readTree(runner.baselineFile(TwoEnginesCase.class).toFile())
                .get("benchmarks");
        assertThat(benchmarks.fieldNames()).toIterable()
                .containsExactlyInAnyOrder("spin [mongodb emulated]", "spin [postgres 17 embedded]");
    }

    @Test
    void aNewResultSaysWhyTheEntryOnAnotherProviderWasNotCompared() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        runner.run(SpinCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));
        // As if the file had been recorded on a real server: the same method, another provider.
        final Path file = runner.baselineFile(SpinCase.class);
        Files.writeString(file, Files.readString(file, StandardCharsets.UTF_8)
                .replace("mongodb emulated", "mongodb 8.0 container"), StandardCharsets.UTF_8);

        final EngineExecutionResults results = runner.with(ConfigKeys.BASELINE_MISSING, "fail").run(SpinCase.class);

        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("SpinCase.spin [mongodb emulated] has no baseline")
                .contains("note         not compared with the baseline on [mongodb 8.0 container]: an emulator's"
                        + " timings are never compared with a real server's");
    }

    @Mongo
    @Order(1)
    static class FirstCase {

        @BeforeAll
        static void load(MongoDatabase db, @Collection("items") MongoCollection<Document> items) {
            EVENTS.add(db.getName());
            items.insertMany(List.of(new Document("kind", "a"), new Document("kind", "a"), new Document("kind", "b")));
        }

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void count(MongoCollection<Document> items, MongoDatabase db) {
            final long found = items.countDocuments(Filters.eq("kind", "a"));
            if (EVENTS.size() == 1) {
                EVENTS.add("found=" + found + " in " + db.getName() + "." + items.getNamespace().getCollectionName());
            }
        }
    }

    @Mongo
    @Order(2)
    static class SecondCase {

        @BeforeAll
        static void look(MongoClient client, MongoDatabase db) {
            EVENTS.add(db.getName());
            final List<String> names = client.listDatabaseNames().into(new ArrayList<>());
            EVENTS.add((names.contains(EVENTS.get(0)) ? "databases with " : "databases without ") + EVENTS.get(0)
                    + ", empty=" + (db.getCollection("items").countDocuments() == 0));
        }

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void ping(MongoDatabase db) {
            db.runCommand(new Document("ping", 1));
        }
    }

    @Mongo
    static class DeclaredIndexCase {

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        @UsesIndex("items_brand_idx")
        void find(@Collection("items") MongoCollection<Document> items) {
            items.find(Filters.eq("brand", "ACME")).first();
        }
    }

    @Mongo
    static class WrongParameterCase {

        @DbBenchmark(warmups = 0, samples = 1, opsPerSample = 1)
        void query(Connection db) {
        }
    }

    @Mongo
    static class BadCollectionCase {

        @DbBenchmark(warmups = 0, samples = 1, opsPerSample = 1)
        void query(@Collection("bad$name") MongoCollection<Document> items) {
        }
    }

    /**
     * One body on both engines; it asks each of them something, as a benchmark does (in CI a call that sends
     * its database nothing fails).
     */
    @Postgres
    @Mongo
    static class TwoEnginesCase {

        static Connection postgres;
        static MongoDatabase mongo;

        @BeforeAll
        static void connect(Connection db, MongoDatabase mongoDb) {
            postgres = db;
            mongo = mongoDb;
        }

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void spin() throws SQLException {
            try (Statement statement = postgres.createStatement()) {
                statement.execute("SELECT 1");
            }
            mongo.runCommand(new Document("ping", 1));
        }
    }

    @Mongo
    static class SpinCase {

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void spin(MongoDatabase db) {
            db.runCommand(new Document("ping", 1));
        }
    }
}
