package dev.dbbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.stream.LongStream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.workload.SocialGraph.Profile;
import dev.dbbench.workload.SocialGraph.VertexPair;
import org.junit.jupiter.api.Test;

class SocialGraphTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int PROFILES = 20_000;

    private final SocialGraph graph = new SocialGraph(3, PROFILES);

    @Test
    void theSameSeedGivesTheSameGraphAndAProfileDoesNotDependOnTheGraphsSize() {
        final SocialGraph again = new SocialGraph(3, PROFILES);
        final SocialGraph otherSeed = new SocialGraph(4, PROFILES);
        for (final long id : new long[] {1, 2, 777, PROFILES}) {
            assertThat(again.profile(id)).isEqualTo(graph.profile(id));
            assertThat(again.friends(id)).isEqualTo(graph.friends(id));
            assertThat(otherSeed.profile(id)).isNotEqualTo(graph.profile(id));
            assertThat(otherSeed.friends(id)).isNotEqualTo(graph.friends(id));
        }
        // A profile does not depend on how many are loaded; ids past the loaded ones are new profiles.
        assertThat(new SocialGraph(3, 10).profile(777)).isEqualTo(graph.profile(777));
        assertThat(graph.profile(PROFILES + 1).id()).isEqualTo(PROFILES + 1);
    }

    @Test
    void theGraphNeverChangesAcrossRunsOrVersions() throws Exception {
        // Baselines compare runs on this data; if the generator changes, this digest must change with
        // a note that old baselines no longer apply.
        final MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
        for (long id = 1; id <= 300; id++) {
            sha256.update(graph.profile(id).json().getBytes(StandardCharsets.UTF_8));
            sha256.update(Arrays.toString(graph.friends(id)).getBytes(StandardCharsets.UTF_8));
        }
        assertThat(HexFormat.of().formatHex(sha256.digest()))
                .isEqualTo("ce445ac1c10385a37f88577b8f90039c22404d9d5e5057e4255340edf7b606e8");
    }

    @Test
    void friendsAreDistinctAscendingLoadedIdsOtherThanTheProfileItself() {
        for (long id = 1; id <= PROFILES; id += 37) {
            final long[] friends = graph.friends(id);
            assertThat(friends).hasSize(graph.outDegree(id)).doesNotContain(id).isSorted();
            assertThat(Arrays.stream(friends).distinct().count()).isEqualTo(friends.length);
            assertThat(friends[0]).isPositive();
            assertThat(friends[friends.length - 1]).isLessThanOrEqualTo(PROFILES);
        }
    }

    @Test
    void outDegreesAreSkewedLikePokecs() {
        final int[] degrees = LongStream.rangeClosed(1, PROFILES).mapToInt(graph::outDegree).sorted().toArray();
        final long relations = Arrays.stream(degrees).asLongStream().sum();
        assertThat(graph.relationCount()).isEqualTo(relations);
        // Mean near Pokec's 18.75, median far below it, a long tail: a few profiles with hundreds of friends.
        assertThat(relations / (double) PROFILES).isBetween(16.0, 21.0);
        assertThat(degrees[PROFILES / 2]).isBetween(5, 10);
        assertThat(degrees[0]).isEqualTo(1);
        assertThat(degrees[PROFILES - 1]).isGreaterThan(1_000);
        assertThat(Arrays.stream(degrees).filter(degree -> degree <= 2).count()).isBetween(4_000L, 6_500L);
        // Popular (low) ids have more friends than the rest.
        final double lowIds = LongStream.rangeClosed(1, 200).map(graph::outDegree).average().orElseThrow();
        assertThat(lowIds).isGreaterThan(2 * relations / (double) PROFILES);
    }

    @Test
    void lowIdsAreFriendsMoreOftenThanHighIds() {
        final int[] inDegree = new int[PROFILES + 1];
        for (long id = 1; id <= PROFILES; id++) {
            for (final long friend : graph.friends(id)) {
                inDegree[(int) friend]++;
            }
        }
        final int lowest = Arrays.stream(inDegree, 1, 101).sum();
        final int highest = Arrays.stream(inDegree, PROFILES - 99, PROFILES + 1).sum();
        assertThat(lowest).isGreaterThan(5 * highest);
    }

    @Test
    void agesAreZeroForOneProfileInSevenAndOtherwiseYoungMostly() {
        final SortedMap<Integer, Long> histogram = graph.ageHistogram();
        assertThat(histogram.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(PROFILES);
        assertThat(histogram.get(0) / (double) PROFILES).isBetween(0.13, 0.17);
        assertThat(histogram.firstKey()).isZero();
        assertThat(histogram.tailMap(1).firstKey()).isGreaterThanOrEqualTo(12);
        assertThat(histogram.lastKey()).isLessThanOrEqualTo(SocialGraph.MAX_AGE);
        final int mode = histogram.tailMap(1).entrySet().stream()
                .max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        assertThat(mode).isBetween(15, 19);
        for (long id = 1; id <= 100; id++) {
            assertThat(histogram).containsKey(graph.age(id));
        }
    }

    @Test
    void eachOptionalFieldIsPresentAsOftenAsItsProbabilitySays() {
        final Map<String, Integer> present = new HashMap<>();
        final int profiles = 5_000;
        for (long id = 1; id <= profiles; id++) {
            graph.profile(id).fields().keySet().forEach(name -> present.merge(name, 1, Integer::sum));
        }
        final Map<String, Double> presence = PokecFields.presence();
        assertThat(presence).hasSize(PokecFields.COUNT).hasSizeGreaterThanOrEqualTo(12);
        presence.forEach((name, probability) -> assertThat(present.getOrDefault(name, 0) / (double) profiles)
                .as("share of profiles with %s", name).isBetween(probability - 0.04, probability + 0.04));
        // Fields keep one order in every document, so equal profiles render equal JSON.
        assertThat(List.copyOf(graph.profile(5).fields().keySet()))
                .isEqualTo(presence.keySet().stream().filter(graph.profile(5).fields()::containsKey).toList());
    }

    @Test
    void theJsonDocumentHoldsTheAgeFirstAndEveryField() throws Exception {
        final Profile profile = graph.profile(4_321);
        final JsonNode json = MAPPER.readTree(profile.json());
        assertThat(json.fieldNames().next()).isEqualTo("age");
        assertThat(json.get("age").intValue()).isEqualTo(profile.age());
        assertThat(json.size()).isEqualTo(profile.fields().size() + 1);
        profile.fields().forEach((name, value) -> assertThat(json.get(name).isNumber()
                ? (Object) json.get(name).intValue() : json.get(name).asText()).isEqualTo(value));
        final double averageBytes = LongStream.rangeClosed(1, 2_000)
                .map(id -> graph.profile(id).json().getBytes(StandardCharsets.UTF_8).length).average().orElseThrow();
        assertThat(averageBytes).isBetween(250.0, 400.0);
    }

    @Test
    void theNeighborhoodIsTheFriendsAndTheirFriendsWithoutTheProfile() {
        for (final long id : graph.sampleVertices(20)) {
            final TreeSet<Long> expected = new TreeSet<>();
            for (final long friend : graph.friends(id)) {
                expected.add(friend);
                Arrays.stream(graph.friends(friend)).forEach(expected::add);
            }
            expected.remove(id);
            assertThat(Arrays.stream(graph.neighborhood(id)).boxed().toList()).containsExactlyElementsOf(expected);
        }
    }

    @Test
    void sampledVerticesAreDistinctLoadedAndStable() {
        final long[] vertices = graph.sampleVertices(1_000);
        assertThat(Arrays.stream(vertices).distinct().count()).isEqualTo(1_000);
        assertThat(Arrays.stream(vertices).allMatch(id -> id >= 1 && id <= PROFILES)).isTrue();
        assertThat(new SocialGraph(3, PROFILES).sampleVertices(10)).containsExactly(Arrays.copyOf(vertices, 10));
        assertThat(new SocialGraph(3, 5).sampleVertices(5)).containsExactlyInAnyOrder(1, 2, 3, 4, 5);
    }

    @Test
    void sampledPairsAreExactlyTheirDistanceApart() {
        for (int distance = 1; distance <= 4; distance++) {
            final List<VertexPair> pairs = graph.samplePairs(5, distance);
            assertThat(pairs).hasSize(5);
            for (final VertexPair pair : pairs) {
                assertThat(pair.distance()).isEqualTo(distance);
                assertThat(graph.distance(pair.from(), pair.to(), distance)).isEqualTo(OptionalInt.of(distance));
                assertThat(graph.distance(pair.from(), pair.to(), distance - 1)).isEmpty();
            }
        }
        assertThat(graph.samplePairs(3, 2)).isEqualTo(new SocialGraph(3, PROFILES).samplePairs(3, 2));
        assertThat(graph.distance(17, 17, 0)).isEqualTo(OptionalInt.of(0));
    }

    @Test
    void pairsFartherThanTheGraphReachesAreAnError() {
        assertThatIllegalStateException().isThrownBy(() -> new SocialGraph(3, 4).samplePairs(1, 4))
                .withMessageStartingWith("found 0 of 1 pairs at distance 4");
    }

    @Test
    void badArgumentsAreRejected() {
        assertThatIllegalArgumentException().isThrownBy(() -> new SocialGraph(1, 2))
                .withMessage("profiles must be >= 3 but was 2");
        assertThatIllegalArgumentException().isThrownBy(() -> graph.profile(0))
                .withMessage("a profile id must be >= 1 but was 0");
        assertThatIllegalArgumentException().isThrownBy(() -> graph.friends(PROFILES + 1))
                .withMessage("a loaded profile id must be in [1, 20000] but was 20001");
        assertThatIllegalArgumentException().isThrownBy(() -> graph.sampleVertices(PROFILES + 1))
                .withMessage("count must be in [0, 20000] but was 20001");
        assertThatIllegalArgumentException().isThrownBy(() -> graph.samplePairs(1, 0))
                .withMessage("distance must be >= 1 but was 0");
    }
}
