package dev.dbbench.engine.mongo;

import com.mongodb.MongoClientSettings;
import dev.dbbench.engine.ScratchDatabase;

/**
 * What an application framework's module needs to point an application's own MongoDB client at a
 * dbbench database and have its commands counted: the connection string that names the database, and
 * the client settings with dbbench's command listener.
 */
public final class ApplicationClients {

    private ApplicationClients() {
    }

    /** The connection string of {@code database}'s server, naming the database. */
    public static String connectionString(ScratchDatabase database) {
        return mongo(database).connectionString();
    }

    /** {@code settings} with the listener that counts the commands sent to the server's dbbench databases. */
    public static MongoClientSettings wired(ScratchDatabase database, MongoClientSettings settings) {
        return MongoClientSettings.builder(settings).addCommandListener(mongo(database).traffic()).build();
    }

    private static MongoScratchDatabase mongo(ScratchDatabase database) {
        if (database instanceof MongoScratchDatabase mongo) {
            return mongo;
        }
        throw new IllegalArgumentException(database.name() + " is not a MongoDB database");
    }
}
