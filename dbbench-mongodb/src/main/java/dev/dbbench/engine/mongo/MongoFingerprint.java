package dev.dbbench.engine.mongo;

import java.util.SortedMap;
import java.util.TreeMap;

import com.mongodb.MongoException;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import org.bson.Document;

/** Reads the facts that decide what a MongoDB benchmark measures; shared by every MongoDB provider. */
final class MongoFingerprint {

    private MongoFingerprint() {
    }

    /** The facts of a real server. */
    static SortedMap<String, String> read(MongoClient client) {
        final SortedMap<String, String> facts = emulated(client);
        final MongoDatabase admin = client.getDatabase("admin");
        // Not every server has every command (a hosted tier may refuse some); an absent fact is honest.
        optional(() -> {
            final Document status = admin.runCommand(new Document("serverStatus", 1));
            final Object engine = status.get("storageEngine");
            if (engine instanceof Document storage && storage.get("name") != null) {
                facts.put("engine.setting.storageEngine", storage.get("name").toString());
            }
        });
        optional(() -> {
            final Document defaults = admin.runCommand(new Document("getDefaultRWConcern", 1));
            if (defaults.get("defaultWriteConcern") instanceof Document concern) {
                facts.put("engine.setting.defaultWriteConcern", concern.toJson());
            }
        });
        return facts;
    }

    /**
     * The facts every server gives, the emulator too: it is not asked what it lacks (it logs every
     * command it does not know as an error).
     */
    static SortedMap<String, String> emulated(MongoClient client) {
        final SortedMap<String, String> facts = new TreeMap<>();
        final Document buildInfo = client.getDatabase("admin").runCommand(new Document("buildInfo", 1));
        facts.put("engine.version", String.valueOf(buildInfo.get("version")));
        facts.put("engine.setting.writeConcern", describe(client.getDatabase("admin").getWriteConcern()));
        return facts;
    }

    /** The client's write concern: {@code default} means the server's default applies. */
    static String describe(WriteConcern concern) {
        return concern.asDocument().isEmpty() ? "default" : concern.asDocument().toJson();
    }

    private static void optional(Runnable read) {
        try {
            read.run();
        } catch (MongoException e) {
            // The fact is left out.
        }
    }

    /** The major.minor of a server version such as {@code 8.0.4}. */
    static String majorMinor(String version) {
        return version.replaceFirst("^(\\d+\\.\\d+).*$", "$1");
    }
}
