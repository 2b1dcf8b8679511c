package dev.dbbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReplaceOptions;
import dev.dbbench.workload.SocialGraph.Profile;
import dev.dbbench.workload.SocialGraph.VertexPair;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Seed 003's MongoDB queries return what {@link SocialGraph} promises, on the emulator.
 *
 * <p>The graph is small and shortest paths stop at two hops because of how the emulator runs
 * {@code $graphLookup}: it follows every walk (no set of visited friendships), scans the whole
 * collection at each step (it ignores the {@code _from} index), copies the document per element in
 * {@code $unwind}, and writes {@code depthField} into the stored friendships themselves, so a
 * friendship reached at two depths reports the last one. Within two hops every friendship is
 * reached at one depth only, which keeps the answers exact; beyond, only a real server says.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SocialGraphMongoTest {

    private static final int PROFILES = 150;

    private final SocialGraph graph = new SocialGraph(9, PROFILES);
    private final long[] vertices = graph.sampleVertices(5);
    private TestMongo mongo;
    private MongoDatabase database;

    @BeforeAll
    void load() {
        mongo = TestMongo.start();
        database = mongo.database("seed003");
        SocialGraphMongo.loadInto(database, graph);
    }

    @AfterAll
    void stop() {
        mongo.close();
    }

    @Test
    void everyProfileAndRelationIsLoadedWithTheSeedsIndexes() {
        assertThat(database.getCollection(SocialGraphMongo.PROFILES).countDocuments()).isEqualTo(PROFILES);
        final MongoCollection<Document> relations = database.getCollection(SocialGraphMongo.RELATIONS);
        assertThat(relations.countDocuments()).isEqualTo(graph.relationCount());
        // Projected, because the emulator's $graphLookup writes its depth field into stored friendships.
        assertThat(relations.find(Filters.eq("_id", 0L)).projection(Projections.include("_from", "_to")).first())
                .isEqualTo(new Document("_id", 0L).append("_from", 1L).append("_to", graph.friends(1)[0]));
        assertThat(relations.listIndexes().into(new ArrayList<>())).extracting(index -> index.getString("name"))
                .contains("_from_1", "_to_1");
    }

    @Test
    void aSingleReadReturnsTheGeneratedProfile() {
        for (final long id : vertices) {
            assertThat(SocialGraphMongo.findProfile(database, id).first()).isEqualTo(SocialGraphMongo.toBson(graph.profile(id)));
        }
    }

    @Test
    void singleWritesInsertNewProfilesAndUpsertsReplaceExistingOnes() {
        final MongoCollection<Document> written = database.getCollection("written_profiles");
        written.insertOne(SocialGraphMongo.toBson(graph.profile(PROFILES + 1)));
        written.replaceOne(Filters.eq("_id", (long) PROFILES + 1), SocialGraphMongo.toBson(new Profile(PROFILES + 1, 99, Map.of())),
                new ReplaceOptions().upsert(true));
        written.replaceOne(Filters.eq("_id", 1L), SocialGraphMongo.toBson(graph.profile(1)), new ReplaceOptions().upsert(true));
        assertThat(written.countDocuments()).isEqualTo(2);
        assertThat(written.find(Filters.eq("_id", (long) PROFILES + 1)).first())
                .isEqualTo(new Document("_id", (long) PROFILES + 1).append("age", 99));
    }

    @Test
    void theAgeHistogramCountsEveryProfileByAge() {
        final SortedMap<Integer, Long> histogram = new TreeMap<>();
        SocialGraphMongo.ageHistogram(database)
                .forEach(group -> histogram.put(group.getInteger("_id"), ((Number) group.get("count")).longValue()));
        assertThat(histogram).isEqualTo(graph.ageHistogram());
    }

    @Test
    void neighborsAreTheFriends() {
        for (final long id : vertices) {
            assertThat(SocialGraphMongo.findNeighbors(database, id).into(new ArrayList<>()))
                    .allSatisfy(document -> assertThat(document.keySet()).containsExactly("_to"))
                    .extracting(document -> document.getLong("_to"))
                    .containsExactlyInAnyOrderElementsOf(Arrays.stream(graph.friends(id)).boxed().toList());
        }
    }

    @Test
    void neighborhoodsAreTheDistinctFriendsAndFriendsOfFriendsWithTheirProfiles() {
        for (final long id : vertices) {
            final List<Long> expected = Arrays.stream(graph.neighborhood(id)).boxed().toList();
            assertThat(SocialGraphMongo.neighborhood(database, id).into(new ArrayList<>()))
                    .extracting(document -> document.getLong("_id")).containsExactlyInAnyOrderElementsOf(expected);
        }
        final List<Document> profiles = SocialGraphMongo.neighborhoodProfiles(database, vertices[0]).into(new ArrayList<>());
        assertThat(profiles).extracting(document -> document.getLong("_id"))
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(graph.neighborhood(vertices[0])).boxed().toList());
        assertThat(profiles).allSatisfy(document ->
                assertThat(document).isEqualTo(SocialGraphMongo.toBson(graph.profile(document.getLong("_id")))));
    }

    @Test
    void shortestPathsOfOneAndTwoHopsAreFoundAndNotWithinFewerHops() {
        for (int distance = 1; distance <= 2; distance++) {
            for (final VertexPair pair : graph.samplePairs(2, distance)) {
                assertThat(SocialGraphMongo.shortestPath(database, pair.from(), pair.to(), distance).into(new ArrayList<>()))
                        .as("hops from %d to %d", pair.from(), pair.to())
                        .containsExactly(new Document("hops", (long) distance));
            }
        }
        final VertexPair twoHops = graph.samplePairs(1, 2).get(0);
        assertThat(SocialGraphMongo.shortestPath(database, twoHops.from(), twoHops.to(), 1).first()).isNull();
    }

    @Test
    void aSearchOfNoHopsIsRejected() {
        assertThatIllegalArgumentException().isThrownBy(() -> SocialGraphMongo.shortestPath(database, 1, 2, 0))
                .withMessage("maxHops must be >= 1 but was 0");
    }
}
