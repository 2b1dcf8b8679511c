package dev.dbbench.engine.mongo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.CreateCollectionOptions;
import dev.dbbench.engine.CommandProfile;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.Document;

/**
 * A real {@code mongod}'s database profiler on the class's database, around one captured call: every
 * operation on the database is recorded in its {@code system.profile} collection with its plan
 * ({@code planSummary}, {@code execStats}), the index keys and documents it examined and the session
 * it ran in. The call's operations are grouped by {@linkplain CommandShape shape}; those of sessions
 * no counted client used came from clients dbbench does not see (one recorded without a session is
 * taken as the call's own).
 */
final class MongoProfiler implements ServerRecord {

    /** Room for the operations of one call: the profiler's default of 1 MB holds a few thousand. */
    static final long PROFILE_BYTES = 64L * 1024 * 1024;
    private static final String PROFILE = "system.profile";

    private final MongoClient client;
    /** Why this server cannot be profiled, once it refused (a hosted tier, a user without dbAdmin). */
    private volatile String refused;

    MongoProfiler(MongoClient client) {
        this.client = client;
    }

    /** Empties the database's profile and records every operation from now on. */
    @Override
    public void start(String database) {
        if (refused != null) {
            return;
        }
        final MongoDatabase db = client.getDatabase(database);
        try {
            db.runCommand(new Document("profile", 0));
            db.getCollection(PROFILE).drop();
            db.createCollection(PROFILE, new CreateCollectionOptions().capped(true).sizeInBytes(PROFILE_BYTES));
            db.runCommand(new Document("profile", 2));
        } catch (MongoCommandException e) {
            refused = e.getErrorMessage();
            System.getLogger(MongoProfiler.class.getName()).log(System.Logger.Level.WARNING, "dbbench: the MongoDB"
                    + " server refused its profiler on " + database + " (" + refused + "): commands are counted, their"
                    + " plans and examined documents are not");
        }
    }

    @Override
    public Told stop(String database, CommandTraffic.Counted counted) {
        if (refused != null) {
            return new Told(ServerRecord.clientsOnly(counted), 0);
        }
        final MongoDatabase db = client.getDatabase(database);
        db.runCommand(new Document("profile", 0));
        final List<BsonDocument> operations = new ArrayList<>();
        try {
            db.getCollection(PROFILE, BsonDocument.class).find().sort(new Document("ts", 1)).into(operations);
        } catch (MongoCommandException e) {
            throw new IllegalStateException("the server's profile of database " + database + " cannot be read: "
                    + e.getErrorMessage(), e);
        }
        return told(operations, database, counted);
    }

    /**
     * What the recorded operations tell of a call: the operations of the counted clients' sessions, by
     * shape, with their plans and examined counts; the rest are unseen.
     */
    static Told told(List<BsonDocument> operations, String database, CommandTraffic.Counted counted) {
        final Map<String, Shape> shapes = new LinkedHashMap<>();
        long unseen = 0;
        for (BsonDocument operation : operations) {
            final BsonDocument command = operation.getDocument("command", new BsonDocument());
            final String namespace = operation.getString("ns", new BsonString("")).getValue();
            if (command.containsKey("profile") || namespace.endsWith("." + PROFILE)) {
                continue;
            }
            // An operation recorded without its session cannot be told apart: it is taken as the call's own,
            // so that nothing the counted clients sent can ever read as another client's.
            final BsonValue session = session(operation);
            if (session != null && !counted.sessions().contains(session)) {
                unseen++;
                continue;
            }
            final String collection = namespace.startsWith(database + ".")
                    ? namespace.substring(database.length() + 1) : namespace;
            final String op = operation.getString("op", new BsonString("command")).getValue();
            shapes.computeIfAbsent(CommandShape.ofProfiled(op, collection, command), Shape::new).add(operation,
                    collection);
        }
        final List<CommandProfile.Command> commands = shapes.values().stream().map(Shape::command).toList();
        return new Told(new CommandProfile(commands, true, counted.commands()), unseen);
    }

    /** The id of the session an operation ran in; {@code null} for one outside any session. */
    private static BsonValue session(BsonDocument operation) {
        final BsonValue lsid = operation.get("lsid");
        if (lsid == null || !lsid.isDocument()) {
            final BsonValue fromCommand = operation.getDocument("command", new BsonDocument()).get("lsid");
            return fromCommand != null && fromCommand.isDocument() ? fromCommand.asDocument().get("id") : null;
        }
        return lsid.asDocument().get("id");
    }

    /** The operations of one shape, added up. */
    private static final class Shape {

        private final String command;
        private long executions;
        private final Set<String> plans = new LinkedHashSet<>();
        private long keysExamined;
        private long docsExamined;
        private long returned;
        private final Set<String> collectionScans = new LinkedHashSet<>();
        private final Set<String> indexes = new LinkedHashSet<>();

        Shape(String command) {
            this.command = command;
        }

        void add(BsonDocument operation, String collection) {
            executions++;
            keysExamined += count(operation, "keysExamined");
            docsExamined += count(operation, "docsExamined");
            returned += count(operation, "nreturned");
            final BsonValue summary = operation.get("planSummary");
            if (summary != null && summary.isString()) {
                plans.add(summary.asString().getValue());
                if (summary.asString().getValue().startsWith("COLLSCAN")) {
                    collectionScans.add(collection);
                }
            }
            final BsonValue stats = operation.get("execStats");
            if (stats != null && stats.isDocument()) {
                stages(stats.asDocument(), collection);
            }
        }

        /** The plan's stages, depth first: its indexes by name, and whether it scans the collection. */
        private void stages(BsonDocument stage, String collection) {
            final BsonValue name = stage.get("stage");
            if (name != null && name.isString() && name.asString().getValue().equals("COLLSCAN")) {
                collectionScans.add(collection);
            }
            final BsonValue index = stage.get("indexName");
            if (index != null && index.isString()) {
                indexes.add(index.asString().getValue());
            }
            final BsonValue input = stage.get("inputStage");
            if (input != null && input.isDocument()) {
                stages(input.asDocument(), collection);
            }
            final BsonValue inputs = stage.get("inputStages");
            if (inputs != null && inputs.isArray()) {
                inputs.asArray().stream().filter(BsonValue::isDocument)
                        .forEach(each -> stages(each.asDocument(), collection));
            }
        }

        private static long count(BsonDocument operation, String field) {
            final BsonValue value = operation.get(field);
            return value != null && value.isNumber() ? value.asNumber().longValue() : 0;
        }

        CommandProfile.Command command() {
            return new CommandProfile.Command(command, executions, String.join(" | ", plans), keysExamined,
                    docsExamined, returned, List.copyOf(collectionScans), List.copyOf(indexes));
        }
    }
}
