package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import dev.dbbench.api.Collection;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Mongo;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * What the core's features do on MongoDB: client threads on the emulator (each client its own
 * collection handle, throughput and p99 recorded, an emulator's timings only warn).
 */
class MongoFeaturesTest {

    /** The threads that called the MongoDB body. */
    static final Set<String> THREADS = ConcurrentHashMap.newKeySet();
    /** Whether {@link MongoCase#findOne} sleeps in every call. */
    static final AtomicBoolean SLOW = new AtomicBoolean();

    @TempDir
    Path temp;

    @Test
    void fourMongoClientsReportThroughputAndP99AndTheirTimingsNeverFail() throws Exception {
        THREADS.clear();
        SLOW.set(false);
        final FixtureRunner runner = new FixtureRunner(temp);

        runner.with(ConfigKeys.BASELINE_MODE, "update").run(MongoCase.class).testEvents()
                .assertStatistics(stats -> stats.succeeded(1).failed(0));

        // Besides its clients, dbbench's own thread calls the body once, for the work counts.
        assertThat(THREADS).filteredOn(name -> name.contains(" client ")).hasSize(4);
        final JsonNode result = runner.result("findOne");
        assertThat(result.get("threads").asInt()).isEqualTo(4);
        assertThat(result.get("latency").get("p99").asDouble()).isPositive();
        final JsonNode entry = runner.entry(MongoCase.class, "findOne [mongodb emulated]");
        assertThat(entry.get("throughput").get("samples")).hasSize(10);
        assertThat(entry.get("latency").get("p99").get("samples")).hasSize(10);

        // An emulator's timings measure the emulator in this JVM: a slowdown never fails. The sleep adds no
        // work, so the counts hold and the slowdown is shown as information (docs/time-verdicts.md).
        SLOW.set(true);
        final EngineExecutionResults slowed = runner.with(ConfigKeys.BASELINE_MODE, "compare").run(MongoCase.class);
        slowed.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));
        // A baseline recorded while the machine was busy can be too wide to call the slowdown a regression.
        for (String metric : new String[] {"throughput", "latency"}) {
            final JsonNode judged = FixtureRunner.metric(runner.result("findOne"), metric);
            assertThat(judged.get("verdict").asText()).as(metric).isIn("REGRESSION", "INCONCLUSIVE");
            assertThat(judged.get("failed").asBoolean()).as(metric).isFalse();
        }
        assertThat(runner.result("findOne").get("workCounts").get("state").asText()).isEqualTo("UNCHANGED");
    }

    @Mongo
    static class MongoCase {

        @BeforeAll
        static void load(@Collection("items") MongoCollection<Document> items) {
            items.insertMany(List.of(new Document("_id", 1).append("name", "one"),
                    new Document("_id", 2).append("name", "two")));
        }

        // A slowed call sleeps 50 ms, beyond the 10 ms that a busy machine's scheduler adds to a few fast calls.
        @DbBenchmark(threads = 4, warmups = 1, samples = 10, minSampleMillis = 20)
        void findOne(@Collection("items") MongoCollection<Document> items) throws InterruptedException {
            THREADS.add(Thread.currentThread().getName());
            items.find(Filters.eq("_id", 2)).first();
            if (SLOW.get()) {
                Thread.sleep(50);
            }
        }
    }
}
