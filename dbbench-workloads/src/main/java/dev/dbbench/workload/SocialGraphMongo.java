package dev.dbbench.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.mongodb.client.AggregateIterable;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.Projections;
import org.bson.Document;

/**
 * Loads {@link SocialGraph} into MongoDB and runs seed 003's queries there, the twin of its
 * PostgreSQL tables: collection {@code profiles} ({@code _id}, {@code age} and the optional fields)
 * and collection {@code relations} ({@code _id}, {@code _from}, {@code _to}) indexed on
 * {@code _from} and {@code _to}, as in the seed's MongoDB setup.
 */
public final class SocialGraphMongo {

    /** The collection of profiles. */
    public static final String PROFILES = "profiles";

    /** The collection of friendships. */
    public static final String RELATIONS = "relations";

    private SocialGraphMongo() {
    }

    /** The document of {@code profile}: {@code _id}, {@code age}, then its optional fields. */
    public static Document toBson(final SocialGraph.Profile profile) {
        final Document document = new Document("_id", profile.id()).append("age", profile.age());
        for (final Map.Entry<String, Object> field : profile.fields().entrySet()) {
            document.append(field.getKey(), field.getValue());
        }
        return document;
    }

    /**
     * Inserts every profile and every friendship (numbered from 0 in {@code _id}, in order of
     * {@code _from}) with {@code insertMany} in batches of 1,000, then builds the indexes of
     * {@link #createIndexes}.
     */
    public static void loadInto(final MongoDatabase database, final SocialGraph graph) {
        Objects.requireNonNull(graph, "graph");
        final MongoBatches profiles = new MongoBatches(database.getCollection(PROFILES),
                Progress.toStandardOutput("loading pokec profiles", graph.profiles()));
        for (long id = 1; id <= graph.profiles(); id++) {
            profiles.add(toBson(graph.profile(id)));
        }
        profiles.finish();
        final MongoBatches relations = new MongoBatches(database.getCollection(RELATIONS),
                Progress.toStandardOutput("loading pokec relations", graph.relationCount()));
        long relation = 0;
        for (long from = 1; from <= graph.profiles(); from++) {
            for (final long to : graph.friends(from)) {
                relations.add(new Document("_id", relation++).append("_from", from).append("_to", to));
            }
        }
        relations.finish();
        createIndexes(database);
    }

    /** The seed's two indexes on {@code relations}: {@code _from} and {@code _to}. */
    public static void createIndexes(final MongoDatabase database) {
        final MongoCollection<Document> relations = database.getCollection(RELATIONS);
        relations.createIndex(Indexes.ascending("_from"));
        relations.createIndex(Indexes.ascending("_to"));
    }

    /** One profile by id. */
    public static FindIterable<Document> findProfile(final MongoDatabase database, final long id) {
        return database.getCollection(PROFILES).find(Filters.eq("_id", id));
    }

    /** The friends of one profile, ids only: documents {@code {_to: id}}. */
    public static FindIterable<Document> findNeighbors(final MongoDatabase database, final long id) {
        return database.getCollection(RELATIONS).find(Filters.eq("_from", id))
                .projection(Projections.fields(Projections.include("_to"), Projections.excludeId()));
    }

    /** The age histogram over all profiles, with no index to help: documents {@code {_id: age, count: n}}. */
    public static AggregateIterable<Document> ageHistogram(final MongoDatabase database) {
        return database.getCollection(PROFILES).aggregate(List.of(
                new Document("$group", new Document("_id", "$age").append("count", new Document("$sum", 1)))));
    }

    /**
     * The distinct friends and friends of friends of one profile, without the profile itself:
     * documents {@code {_id: id}}, one per profile of {@link SocialGraph#neighborhood(long)}, from a
     * {@code $graphLookup} of depth 1 over {@code relations}, started as in {@link #shortestPath}.
     */
    public static AggregateIterable<Document> neighborhood(final MongoDatabase database, final long id) {
        return database.getCollection(PROFILES).aggregate(neighborhoodPipeline(id));
    }

    /** The whole profiles of {@link #neighborhood}'s ids. */
    public static AggregateIterable<Document> neighborhoodProfiles(final MongoDatabase database, final long id) {
        final List<Document> pipeline = new ArrayList<>(neighborhoodPipeline(id));
        pipeline.add(new Document("$lookup", new Document("from", PROFILES).append("localField", "_id")
                .append("foreignField", "_id").append("as", "profile")));
        pipeline.add(new Document("$unwind", "$profile"));
        pipeline.add(new Document("$replaceRoot", new Document("newRoot", "$profile")));
        return database.getCollection(PROFILES).aggregate(pipeline);
    }

    /**
     * The length of the shortest path of friendships from {@code from} to {@code to}, searched with
     * {@code $graphLookup} up to {@code maxHops} hops: one document {@code {hops: n}} ({@code n} a
     * long, as {@code $graphLookup}'s depths are), or none if {@code to} is farther.
     *
     * <p>{@code $graphLookup} collects every friendship within reach before the nearest match is
     * picked, so at Pokec's size three hops can exceed its 100 MB memory limit; set
     * {@code allowDiskUse} on the returned iterable where the server allows it.
     */
    public static AggregateIterable<Document> shortestPath(final MongoDatabase database, final long from, final long to,
            final int maxHops) {
        if (maxHops < 1) {
            throw new IllegalArgumentException("maxHops must be >= 1 but was " + maxHops);
        }
        final List<Document> pipeline = new ArrayList<>(friendshipsWithin(from, maxHops));
        pipeline.add(new Document("$match", new Document("reached._to", to)));
        pipeline.add(new Document("$group", new Document("_id", null)
                .append("depth", new Document("$min", "$reached.depth"))));
        pipeline.add(new Document("$project", new Document("_id", 0)
                .append("hops", new Document("$add", List.of("$depth", 1)))));
        return database.getCollection(PROFILES).aggregate(pipeline);
    }

    private static List<Document> neighborhoodPipeline(final long id) {
        final List<Document> pipeline = new ArrayList<>(friendshipsWithin(id, 2));
        pipeline.add(new Document("$match", new Document("reached._to", new Document("$ne", id))));
        pipeline.add(new Document("$group", new Document("_id", "$reached._to")));
        return pipeline;
    }

    /**
     * Stages on {@code profiles} that yield one document per friendship within {@code hops} hops of
     * {@code from}, the friendship in {@code reached} with its {@code depth} (0 for {@code from}'s own).
     *
     * <p>The search starts from the profile's document re-shaped as {@code {_to: from}}, with
     * {@code startWith} on the same field as {@code connectFromField}: the emulator starts from the
     * input's {@code connectFromField} instead of evaluating {@code startWith}, and this way both
     * search the same graph.
     */
    private static List<Document> friendshipsWithin(final long from, final int hops) {
        return List.of(
                new Document("$match", new Document("_id", from)),
                new Document("$project", new Document("_to", "$_id")),
                new Document("$graphLookup", new Document("from", RELATIONS)
                        .append("startWith", "$_to")
                        .append("connectFromField", "_to")
                        .append("connectToField", "_from")
                        .append("as", "reached")
                        .append("maxDepth", hops - 1)
                        .append("depthField", "depth")),
                new Document("$unwind", "$reached"));
    }
}
