package dev.dbbench.workload;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Seed 003's Pokec-like social network: profiles with many optional fields and directed
 * friendships with a skewed out-degree, generated from {@code (seed, id)} and loadable into
 * PostgreSQL; {@link SocialGraphMongo} loads the same graph into MongoDB. A profile depends on the
 * seed and its id only; its friendships also on the number of profiles they are drawn from.
 *
 * <p>Profiles have ids {@code 1 .. profiles} (ids above are free for inserts) and an {@code age}
 * (0 for "not given", as in Pokec, for about 15% of them; otherwise 12 to 79, most often 17, median 21)
 * plus 17 of Pokec's columns, each present with its own probability (from 25% to 100%): about 310
 * bytes of JSON (Pokec's 600 MB for 1.6 million profiles make about 370). Profile {@code v} has
 * {@link #outDegree(long)} friends: a Lomax (Pareto II) draw of shape 1.5, at least 1, capped at
 * 5,000 and at half the profile count, larger for low ids, about 18.8 on average (at Pokec's size
 * 30.7 million relations; Pokec has 30,622,564 among 1,632,803 profiles, 18.75). A quarter of the
 * friends are near {@code v} (within 50 ids, so that friends of friends overlap as in a real
 * network), the rest anywhere, low ids more often: they are the popular profiles, and like Pokec's
 * they also have many friends, which makes neighborhoods of two hops large (about 460 profiles on
 * average at Pokec's size; Pokec's own were about 850). A profile's friends are distinct and never
 * itself.
 *
 * <p>Expected answers come from the generator itself: {@link #friends(long)},
 * {@link #neighborhood(long)}, {@link #ageHistogram()} and {@link #distance(long, long, int)}; the
 * pairs of {@link #samplePairs(int, int)} are at a known distance.
 *
 * @param seed varies every profile and relation; any value
 * @param profiles how many profiles are loaded (Pokec: 1,632,803)
 */
public record SocialGraph(long seed, int profiles) {

    /** The PostgreSQL table of profiles: {@code profiles (id bigint PRIMARY KEY, age int, data jsonb)}. */
    public static final String PROFILES_TABLE = "profiles";

    /** The PostgreSQL table of friendships: {@code relations (from_id bigint, to_id bigint)}, indexed on both. */
    public static final String RELATIONS_TABLE = "relations";

    /** One profile by id; parameter {@code id}; returns {@code id, age, data}. */
    public static final String READ_SQL = "SELECT id, age, data FROM profiles WHERE id = ?";

    /** Inserts one profile; bind with {@link #bindProfile}. */
    public static final String INSERT_SQL = "INSERT INTO profiles (id, age, data) VALUES (?, ?, CAST(? AS jsonb))";

    /** Inserts one profile or replaces the one with its id; bind with {@link #bindProfile}. */
    public static final String UPSERT_SQL = INSERT_SQL
            + " ON CONFLICT (id) DO UPDATE SET age = EXCLUDED.age, data = EXCLUDED.data";

    /** The age histogram over the {@code age} column: {@code age, count} for each age. */
    public static final String AGE_HISTOGRAM_COLUMN_SQL = "SELECT age, count(*) FROM profiles GROUP BY age";

    /** The age histogram over {@code data->>'age'}, as the seed's JSON variant: {@code age} (text), {@code count}. */
    public static final String AGE_HISTOGRAM_JSON_SQL =
            "SELECT data->>'age' AS age, count(*) FROM profiles GROUP BY data->>'age'";

    /** The friends of one profile (ids only); parameter {@code id}; returns {@code to_id}. */
    public static final String NEIGHBORS_SQL = "SELECT to_id FROM relations WHERE from_id = ?";

    // One parameter, so that the id cannot be bound inconsistently in the three places it is used.
    private static final String NEIGHBORHOOD_CTES = "WITH start (id) AS (VALUES (CAST(? AS bigint))),"
            + " friends AS (SELECT r.to_id FROM start JOIN relations r ON r.from_id = start.id),"
            + " neighborhood (id) AS (SELECT to_id FROM friends UNION SELECT r.to_id FROM friends"
            + " JOIN relations r ON r.from_id = friends.to_id WHERE r.to_id <> (SELECT id FROM start))";

    /**
     * The distinct friends and friends of friends of one profile, without the profile itself;
     * parameter {@code id}; returns {@code id}: {@link #neighborhood(long)}.
     */
    public static final String NEIGHBORHOOD_SQL = NEIGHBORHOOD_CTES + " SELECT id FROM neighborhood";

    /** The profiles of {@link #NEIGHBORHOOD_SQL}'s ids; parameter {@code id}; returns {@code id, age, data}. */
    public static final String NEIGHBORHOOD_PROFILES_SQL = NEIGHBORHOOD_CTES
            + " SELECT p.id, p.age, p.data FROM neighborhood n JOIN profiles p ON p.id = n.id";

    /**
     * The length of the shortest path of friendships between two profiles, searched breadth first up
     * to a number of hops; parameters {@code from}, {@code maxHops}, {@code to}; returns one row with
     * {@code hops}, or none if {@code to} is farther than {@code maxHops}.
     *
     * <p>{@code UNION} drops a profile reached twice at the same depth, which keeps each level no
     * larger than the graph; {@code LIMIT 1} stops the recursion at the first level that reaches
     * {@code to}, because PostgreSQL evaluates a recursive query only as far as its reader fetches.
     */
    public static final String SHORTEST_PATH_SQL = "WITH RECURSIVE reached (id, hops) AS ("
            + "SELECT CAST(? AS bigint), 0"
            + " UNION SELECT r.to_id, reached.hops + 1 FROM reached JOIN relations r ON r.from_id = reached.id"
            + " WHERE reached.hops < ?)"
            + " SELECT hops FROM reached WHERE id = ? LIMIT 1";

    /** The share of profiles without an age (age 0). */
    static final double NO_AGE = 0.15;

    /** The highest age drawn. */
    static final int MAX_AGE = 79;

    static final int MAX_OUT_DEGREE = 5_000;
    private static final double DEGREE_SCALE = 9.6;
    private static final double DEGREE_SHAPE = 1.5;
    private static final int LOCAL_SPAN = 50;

    private static final long STREAM_AGE = 1;
    private static final long STREAM_DEGREE = 2;
    private static final long STREAM_FRIENDS = 3;
    private static final long STREAM_SAMPLE = 4;
    private static final long STREAM_PAIR = 5;
    private static final long STREAM_FIELDS = 100;

    private static final JsonFactory JSON = new JsonFactory();

    public SocialGraph {
        if (profiles < 3) {
            throw new IllegalArgumentException("profiles must be >= 3 but was " + profiles);
        }
    }

    /** One profile: its id, its age (0 when not given) and the optional fields it has, in a fixed order. */
    public record Profile(long id, int age, Map<String, Object> fields) {

        public Profile {
            fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        }

        /** The PostgreSQL {@code data} document: {@code age} first, then the fields. */
        public String json() {
            final StringWriter text = new StringWriter(512);
            try (JsonGenerator json = JSON.createGenerator(text)) {
                json.writeStartObject();
                json.writeNumberField("age", age);
                for (final Map.Entry<String, Object> field : fields.entrySet()) {
                    if (field.getValue() instanceof Integer number) {
                        json.writeNumberField(field.getKey(), number);
                    } else {
                        json.writeStringField(field.getKey(), (String) field.getValue());
                    }
                }
                json.writeEndObject();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot render profile " + id, e);
            }
            return text.toString();
        }
    }

    /** Two profiles and the length of the shortest path of friendships from the first to the second. */
    public record VertexPair(long from, long to, int distance) {
    }

    /** Profile {@code id}; ids above {@code profiles} give new profiles to insert. */
    public Profile profile(final long id) {
        if (id < 1) {
            throw new IllegalArgumentException("a profile id must be >= 1 but was " + id);
        }
        return new Profile(id, age(id), PokecFields.draw(seed, STREAM_FIELDS, id));
    }

    /** The age of profile {@code id}: 0 (not given) or 12 to 79. */
    public int age(final long id) {
        final long draw = Mix.hash(seed, STREAM_AGE, id);
        if ((draw >>> 11) * 0x1.0p-53 < NO_AGE) {
            return 0;
        }
        // 12 plus a gamma(2, 5.5) draw (the sum of two exponentials, from two fresh 32-bit uniforms):
        // most often 17, median 21, mean 23, a long tail cut at 79, close to Pokec's ages.
        final long fresh = Mix.mix(draw);
        final double first = ((fresh >>> 32) + 1) * 0x1.0p-32;
        final double second = ((fresh & 0xFFFF_FFFFL) + 1) * 0x1.0p-32;
        return 12 + (int) Math.min(MAX_AGE - 12, -5.5 * Math.log(first * second));
    }

    /** How many friends profile {@code id} has. */
    public int outDegree(final long id) {
        requireProfile(id);
        final double tail = 1 - Mix.unit(seed, STREAM_DEGREE, id);
        // Popular (low) ids have more friends too, as in Pokec, where in- and out-degree go together;
        // the factor averages 1 over all ids.
        final double popularity = 0.75 * Math.pow((double) profiles / id, 0.25);
        final double draw = popularity * DEGREE_SCALE * (Math.pow(tail, -1 / DEGREE_SHAPE) - 1);
        // Half the profiles at most, so that drawing that many distinct friends stays quick.
        final double cap = Math.min(MAX_OUT_DEGREE, (profiles - 1) / 2);
        return 1 + (int) Math.min(draw, cap - 1);
    }

    /** The friends of profile {@code id}: distinct ids in {@code 1 .. profiles}, ascending, never {@code id}. */
    public long[] friends(final long id) {
        final int degree = outDegree(id);
        final long stream = Mix.hash(seed, STREAM_FRIENDS, id);
        final long[] friends = new long[degree];
        int filled = 0;
        long candidate = 0;
        while (filled < degree) {
            while (filled < degree) {
                final long friend = candidate(id, Mix.hash(stream, candidate++, 0));
                if (friend != id) {
                    friends[filled++] = friend;
                }
            }
            Arrays.sort(friends);
            filled = dropRepeats(friends);
        }
        return friends;
    }

    /** The number of relations: the sum of all out-degrees. Takes one pass over the profiles. */
    public long relationCount() {
        long relations = 0;
        for (long id = 1; id <= profiles; id++) {
            relations += outDegree(id);
        }
        return relations;
    }

    /** How many profiles have each age, ascending by age; what both age histogram queries return. */
    public SortedMap<Integer, Long> ageHistogram() {
        final long[] counts = new long[MAX_AGE + 1];
        for (long id = 1; id <= profiles; id++) {
            counts[age(id)]++;
        }
        final SortedMap<Integer, Long> histogram = new TreeMap<>();
        for (int age = 0; age < counts.length; age++) {
            if (counts[age] > 0) {
                histogram.put(age, counts[age]);
            }
        }
        return histogram;
    }

    /** The distinct friends and friends of friends of profile {@code id}, without {@code id}, ascending. */
    public long[] neighborhood(final long id) {
        final BitSet seen = new BitSet(profiles + 1);
        for (final long friend : friends(id)) {
            seen.set((int) friend);
            for (final long friendOfFriend : friends(friend)) {
                seen.set((int) friendOfFriend);
            }
        }
        seen.clear((int) id);
        return seen.stream().asLongStream().toArray();
    }

    /**
     * The length of the shortest path of friendships from {@code from} to {@code to}, if it has at most
     * {@code maxHops} hops. A breadth-first search over the generated friendships: fine for small graphs
     * and short paths; at Pokec's size a search of three hops visits up to millions of profiles.
     */
    public OptionalInt distance(final long from, final long to, final int maxHops) {
        requireProfile(from);
        requireProfile(to);
        final List<int[]> levels = levels((int) from, maxHops, (int) to);
        final int last = levels.size() - 1;
        return Arrays.stream(levels.get(last)).anyMatch(id -> id == to) ? OptionalInt.of(last) : OptionalInt.empty();
    }

    /**
     * {@code count} distinct profile ids spread over {@code 1 .. profiles}, the same for the same seed: the
     * vertices of the single reads and neighbor queries.
     */
    public long[] sampleVertices(final int count) {
        if (count < 0 || count > profiles) {
            throw new IllegalArgumentException("count must be in [0, " + profiles + "] but was " + count);
        }
        final Permutation order = new Permutation(profiles, Mix.hash(seed, STREAM_SAMPLE, 0));
        final long[] ids = new long[count];
        for (int i = 0; i < count; i++) {
            ids[i] = order.apply(i) + 1;
        }
        return ids;
    }

    /**
     * {@code count} pairs whose shortest path is exactly {@code distance} hops, for the shortest-path
     * queries: the first profile is drawn from the seed, the second is a profile the breadth-first
     * search reaches first at that depth.
     *
     * @throws IllegalStateException if too few profiles have anything at that distance (a graph too
     *     small or a distance too large)
     */
    public List<VertexPair> samplePairs(final int count, final int distance) {
        if (distance < 1) {
            throw new IllegalArgumentException("distance must be >= 1 but was " + distance);
        }
        final List<VertexPair> pairs = new ArrayList<>(count);
        final int attempts = 10 * count + 10;
        for (int attempt = 0; attempt < attempts && pairs.size() < count; attempt++) {
            final int from = (int) Mix.below(seed, STREAM_PAIR, 2L * attempt, profiles) + 1;
            final List<int[]> levels = levels(from, distance, 0);
            if (levels.size() == distance + 1 && levels.get(distance).length > 0) {
                final int[] farthest = levels.get(distance);
                final int to = farthest[(int) Mix.below(seed, STREAM_PAIR, 2L * attempt + 1, farthest.length)];
                pairs.add(new VertexPair(from, to, distance));
            }
        }
        if (pairs.size() < count) {
            throw new IllegalStateException("found " + pairs.size() + " of " + count + " pairs at distance " + distance
                    + " in " + attempts + " attempts among " + profiles + " profiles");
        }
        return pairs;
    }

    /** Sets the parameters of {@link #INSERT_SQL} or {@link #UPSERT_SQL} to {@code profile}'s values. */
    public static void bindProfile(final PreparedStatement statement, final Profile profile) throws SQLException {
        statement.setLong(1, profile.id());
        statement.setInt(2, profile.age());
        statement.setString(3, profile.json());
    }

    /** Creates {@code profiles} and {@code relations} without indexes, for a load followed by {@link #createIndexes}. */
    public void createTables(final Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE profiles (id bigint NOT NULL, age int NOT NULL, data jsonb NOT NULL)");
            statement.execute("CREATE TABLE relations (from_id bigint NOT NULL, to_id bigint NOT NULL)");
        }
    }

    /** Streams profiles {@code 1 .. profiles} into {@code profiles} with one COPY. */
    public void copyProfiles(final Connection connection) throws SQLException {
        CopyStream.copy(connection, "COPY profiles (id, age, data) FROM STDIN", profiles, (unit, out) -> {
            final Profile profile = profile(unit + 1);
            out.append(profile.id()).append('\t').append(profile.age()).append('\t');
            ProductCatalog.appendCopyText(out, profile.json());
            out.append('\n');
            return 1;
        }, Progress.toStandardOutput("loading pokec profiles", profiles));
    }

    /** Streams every profile's friendships into {@code relations} with one COPY, ordered by {@code from_id}. */
    public void copyRelations(final Connection connection) throws SQLException {
        CopyStream.copy(connection, "COPY relations (from_id, to_id) FROM STDIN", profiles, (unit, out) -> {
            final long from = unit + 1;
            final long[] friends = friends(from);
            for (final long to : friends) {
                out.append(from).append('\t').append(to).append('\n');
            }
            return friends.length;
        }, Progress.toStandardOutput("loading pokec relations", relationCount()));
    }

    /**
     * The primary key of {@code profiles} and the indexes {@code relations_from_id} and
     * {@code relations_to_id}, built after the load because that is faster than maintaining them.
     */
    public void createIndexes(final Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("ALTER TABLE profiles ADD PRIMARY KEY (id)");
            statement.execute("CREATE INDEX relations_from_id ON relations (from_id)");
            statement.execute("CREATE INDEX relations_to_id ON relations (to_id)");
        }
    }

    /** The whole setup: tables, both COPYs, indexes and ANALYZE. */
    public void createAndLoad(final Connection connection) throws SQLException {
        createTables(connection);
        copyProfiles(connection);
        copyRelations(connection);
        createIndexes(connection);
        try (Statement statement = connection.createStatement()) {
            statement.execute("ANALYZE profiles");
            statement.execute("ANALYZE relations");
        }
    }

    /**
     * The breadth-first levels from {@code from}: level {@code k} holds the profiles first reached after
     * {@code k} hops, in the order reached. Stops after {@code maxHops} levels, at an empty level, or at
     * the first level holding {@code stopAt} (0 never matches).
     */
    private List<int[]> levels(final int from, final int maxHops, final int stopAt) {
        final BitSet seen = new BitSet(profiles + 1);
        seen.set(from);
        final List<int[]> levels = new ArrayList<>();
        int[] level = {from};
        levels.add(level);
        for (int hops = 1; hops <= maxHops && level.length > 0 && !contains(level, stopAt); hops++) {
            int[] next = new int[Math.max(16, level.length * 4)];
            int size = 0;
            for (final int id : level) {
                for (final long friend : friends(id)) {
                    if (!seen.get((int) friend)) {
                        seen.set((int) friend);
                        if (size == next.length) {
                            next = Arrays.copyOf(next, size * 2);
                        }
                        next[size++] = (int) friend;
                    }
                }
            }
            level = Arrays.copyOf(next, size);
            levels.add(level);
        }
        return levels;
    }

    private static boolean contains(final int[] ids, final int id) {
        for (final int candidate : ids) {
            if (candidate == id) {
                return true;
            }
        }
        return false;
    }

    /** A friend for {@code id} from one 64-bit draw: near {@code id} or anywhere, low ids more likely. */
    private long candidate(final long id, final long draw) {
        if ((draw & 3) == 0) {
            final long offset = 1 + ((draw >>> 3) % LOCAL_SPAN);
            final long near = (draw & 4) == 0 ? id + offset : id - offset;
            return Math.floorMod(near - 1, (long) profiles) + 1;
        }
        final double uniform = (draw >>> 11) * 0x1.0p-53;
        return 1 + (long) (profiles * uniform * uniform);
    }

    private static int dropRepeats(final long[] sorted) {
        int kept = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (kept == 0 || sorted[i] != sorted[kept - 1]) {
                sorted[kept++] = sorted[i];
            }
        }
        return kept;
    }

    private void requireProfile(final long id) {
        if (id < 1 || id > profiles) {
            throw new IllegalArgumentException("a loaded profile id must be in [1, " + profiles + "] but was " + id);
        }
    }
}
