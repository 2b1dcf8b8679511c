package dev.dbbench.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;

import com.mongodb.WriteConcern;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import dev.dbbench.api.BeforeSample;
import dev.dbbench.api.Collection;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Mongo;
import dev.dbbench.workload.SocialGraph.VertexPair;
import dev.dbbench.workload.SocialGraph;
import dev.dbbench.workload.SocialGraphMongo;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;

/**
 * Seed 003 on MongoDB: single reads and writes (acknowledged and journaled), the age histogram,
 * neighbours, and neighbourhoods and shortest paths with {@code $graphLookup}. On the emulator the
 * graph is kept small and paths at two hops (see {@link SocialGraphMongo#shortestPath}); its timings
 * say nothing about a real server, so this class states no expectation and records timings and
 * traffic only.
 */
@Mongo
class SocialGraphMongoBench {

    static final SocialGraph GRAPH = new SocialGraph(3, 300);

    static final int WRITES = 20;

    static final long[] READS = GRAPH.sampleVertices(10);

    static final long[] NEIGHBORHOODS = Arrays.copyOf(READS, 2);

    static final long NEIGHBORHOOD_SIZE = Arrays.stream(NEIGHBORHOODS).map(id -> GRAPH.neighborhood(id).length).sum();

    static final long FRIENDS = Arrays.stream(READS).map(GRAPH::outDegree).sum();

    static final List<VertexPair> PATHS = GRAPH.samplePairs(2, 2);

    static final int AGES = GRAPH.ageHistogram().size();

    @BeforeAll
    static void load(MongoDatabase db) {
        SocialGraphMongo.loadInto(db, GRAPH);
    }

    @BeforeSample
    void emptyWritten(@Collection("written") MongoCollection<Document> written) {
        written.deleteMany(new Document());
    }

    @DbBenchmark
    void readProfiles(MongoDatabase db) {
        final long found = Rows.readAll(READS.length, i -> SocialGraphMongo.findProfile(db, READS[i]));
        assertEquals(READS.length, found);
    }

    @DbBenchmark(opsPerSample = 1)
    void writeProfiles(@Collection("written") MongoCollection<Document> written) {
        write(written, WriteConcern.ACKNOWLEDGED);
    }

    @DbBenchmark(opsPerSample = 1)
    void writeProfilesJournaled(@Collection("written") MongoCollection<Document> written) {
        write(written, WriteConcern.JOURNALED);
    }

    @DbBenchmark
    void ageHistogram(MongoDatabase db) {
        assertEquals(AGES, Rows.readAll(SocialGraphMongo.ageHistogram(db)));
    }

    @DbBenchmark
    void neighbors(MongoDatabase db) {
        final long found = Rows.readAll(READS.length, i -> SocialGraphMongo.findNeighbors(db, READS[i]));
        assertEquals(FRIENDS, found);
    }

    @DbBenchmark
    void neighborhood(MongoDatabase db) {
        final long found = Rows.readAll(NEIGHBORHOODS.length, i -> SocialGraphMongo.neighborhood(db, NEIGHBORHOODS[i]));
        assertEquals(NEIGHBORHOOD_SIZE, found);
    }

    @DbBenchmark
    void neighborhoodProfiles(MongoDatabase db) {
        final long found = Rows.readAll(NEIGHBORHOODS.length,
                i -> SocialGraphMongo.neighborhoodProfiles(db, NEIGHBORHOODS[i]));
        assertEquals(NEIGHBORHOOD_SIZE, found);
    }

    @DbBenchmark
    void shortestPaths(MongoDatabase db) {
        for (VertexPair pair : PATHS) {
            final Document hops = SocialGraphMongo.shortestPath(db, pair.from(), pair.to(), pair.distance()).first();
            assertEquals(pair.distance(), hops.getLong("hops"));
        }
    }

    private static void write(MongoCollection<Document> written, WriteConcern writeConcern) {
        final MongoCollection<Document> writing = written.withWriteConcern(writeConcern);
        for (long id = 1; id <= WRITES; id++) {
            writing.insertOne(SocialGraphMongo.toBson(GRAPH.profile(id)));
        }
        assertEquals(WRITES, written.countDocuments());
    }
}
