package dev.dbbench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.Arrays;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.workload.SocialGraph.Profile;
import dev.dbbench.workload.SocialGraph.VertexPair;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Seed 003's SQL returns what {@link SocialGraph} promises on a real PostgreSQL. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SocialGraphPostgresTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int PROFILES = 1_500;

    private final SocialGraph graph = new SocialGraph(9, PROFILES);
    private final long[] vertices = graph.sampleVertices(5);
    private TestPostgres postgres;
    private Connection connection;

    @BeforeAll
    void load() throws Exception {
        postgres = TestPostgres.start();
        connection = postgres.connect();
        graph.createAndLoad(connection);
    }

    @AfterAll
    void stop() throws Exception {
        try (TestPostgres closing = postgres) {
            connection.close();
        }
    }

    @Test
    void everyProfileAndRelationIsLoaded() throws Exception {
        assertThat(TestPostgres.scalar(connection, "SELECT count(*) FROM profiles")).isEqualTo(PROFILES);
        assertThat(TestPostgres.scalar(connection, "SELECT count(*) FROM relations")).isEqualTo(graph.relationCount());
    }

    @Test
    void aSingleReadReturnsTheGeneratedProfile() throws Exception {
        for (final long id : vertices) {
            final Profile profile = graph.profile(id);
            final List<Object> row = TestPostgres.rows(connection, SocialGraph.READ_SQL, id).get(0);
            assertThat(row.get(1)).isEqualTo(profile.age());
            // jsonb keeps its own key order, so compare parsed documents.
            assertThat(MAPPER.readTree(row.get(2).toString())).isEqualTo(MAPPER.readTree(profile.json()));
        }
    }

    @Test
    void singleWritesInsertNewProfilesAndUpsertsReplaceExistingOnes() throws Exception {
        connection.setAutoCommit(false);
        try {
            try (PreparedStatement insert = connection.prepareStatement(SocialGraph.INSERT_SQL);
                    PreparedStatement upsert = connection.prepareStatement(SocialGraph.UPSERT_SQL)) {
                SocialGraph.bindProfile(insert, graph.profile(PROFILES + 1));
                assertThat(insert.executeUpdate()).isEqualTo(1);
                // Profile 2's generated values written over profile 1.
                SocialGraph.bindProfile(upsert, new Profile(1, graph.age(2), graph.profile(2).fields()));
                assertThat(upsert.executeUpdate()).isEqualTo(1);
            }
            assertThat(TestPostgres.scalar(connection, "SELECT count(*) FROM profiles")).isEqualTo(PROFILES + 1);
            assertThat(MAPPER.readTree(TestPostgres.rows(connection, SocialGraph.READ_SQL, 1).get(0).get(2).toString()))
                    .isEqualTo(MAPPER.readTree(graph.profile(2).json()));
        } finally {
            // The other tests expect the generated profiles.
            connection.rollback();
            connection.setAutoCommit(true);
        }
    }

    @Test
    void bothAgeHistogramsCountEveryProfileByAge() throws Exception {
        final SortedMap<Integer, Long> byColumn = new TreeMap<>();
        for (final List<Object> row : TestPostgres.rows(connection, SocialGraph.AGE_HISTOGRAM_COLUMN_SQL)) {
            byColumn.put((Integer) row.get(0), (Long) row.get(1));
        }
        final SortedMap<Integer, Long> byJson = new TreeMap<>();
        for (final List<Object> row : TestPostgres.rows(connection, SocialGraph.AGE_HISTOGRAM_JSON_SQL)) {
            byJson.put(Integer.valueOf((String) row.get(0)), (Long) row.get(1));
        }
        assertThat(byColumn).isEqualTo(graph.ageHistogram());
        assertThat(byJson).isEqualTo(graph.ageHistogram());
        assertThat(byColumn.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(PROFILES);
    }

    @Test
    void neighborsAreTheFriendsFoundThroughTheFromIndex() throws Exception {
        for (final long id : vertices) {
            assertThat(TestPostgres.rows(connection, SocialGraph.NEIGHBORS_SQL, id))
                    .extracting(row -> (Long) row.get(0))
                    .containsExactlyInAnyOrderElementsOf(Arrays.stream(graph.friends(id)).boxed().toList());
        }
        final StringBuilder plan = new StringBuilder();
        TestPostgres.rows(connection, "EXPLAIN " + SocialGraph.NEIGHBORS_SQL.replace("?", "7"))
                .forEach(row -> plan.append(row.get(0)).append('\n'));
        assertThat(plan).contains("relations_from_id");
    }

    @Test
    void neighborhoodsAreTheDistinctFriendsAndFriendsOfFriendsWithTheirProfiles() throws Exception {
        for (final long id : vertices) {
            final List<Long> expected = Arrays.stream(graph.neighborhood(id)).boxed().toList();
            assertThat(TestPostgres.rows(connection, SocialGraph.NEIGHBORHOOD_SQL, id))
                    .extracting(row -> (Long) row.get(0)).containsExactlyInAnyOrderElementsOf(expected);
            final List<List<Object>> profiles = TestPostgres.rows(connection, SocialGraph.NEIGHBORHOOD_PROFILES_SQL, id);
            assertThat(profiles).extracting(row -> (Long) row.get(0)).containsExactlyInAnyOrderElementsOf(expected);
            for (final List<Object> row : profiles) {
                assertThat(MAPPER.readTree(row.get(2).toString()))
                        .isEqualTo(MAPPER.readTree(graph.profile((Long) row.get(0)).json()));
            }
        }
    }

    @Test
    void shortestPathsFindTheSampledPairsAtTheirDistanceAndNotWithinFewerHops() throws Exception {
        for (int distance = 1; distance <= 4; distance++) {
            for (final VertexPair pair : graph.samplePairs(3, distance)) {
                assertThat(TestPostgres.rows(connection, SocialGraph.SHORTEST_PATH_SQL, pair.from(), distance + 1, pair.to()))
                        .as("hops from %d to %d", pair.from(), pair.to()).containsExactly(List.of(distance));
                assertThat(TestPostgres.rows(connection, SocialGraph.SHORTEST_PATH_SQL, pair.from(), distance - 1, pair.to()))
                        .isEmpty();
            }
        }
    }
}
