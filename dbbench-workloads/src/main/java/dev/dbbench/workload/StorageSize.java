package dev.dbbench.workload;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;

import com.mongodb.client.MongoDatabase;
import org.bson.Document;

/**
 * How much space a table or collection takes, in bytes, as the engine reports it: the data, its
 * indexes, and both together (seed 001 charts these as the collection grows).
 *
 * <p>The MongoDB emulator reports a storage size of 0 and no index size, so its sizes are all 0; only
 * a real server's figures mean anything.
 */
public record StorageSize(long dataBytes, long indexBytes, long totalBytes) {

    /**
     * A PostgreSQL table's size: {@code pg_relation_size} (the heap), {@code pg_indexes_size} and
     * {@code pg_total_relation_size} (heap, indexes and TOAST).
     */
    public static StorageSize ofTable(final Connection connection, final String table) throws SQLException {
        Objects.requireNonNull(table, "table");
        try (PreparedStatement query = connection.prepareStatement("SELECT pg_relation_size(c), pg_indexes_size(c),"
                + " pg_total_relation_size(c) FROM CAST(? AS regclass) AS c")) {
            query.setString(1, table);
            try (ResultSet sizes = query.executeQuery()) {
                sizes.next();
                return new StorageSize(sizes.getLong(1), sizes.getLong(2), sizes.getLong(3));
            }
        }
    }

    /**
     * A MongoDB collection's size from {@code collStats}: {@code storageSize} (on disk, compressed),
     * {@code totalIndexSize}, and their sum; a field the server leaves out counts as 0.
     */
    public static StorageSize ofCollection(final MongoDatabase database, final String collection) {
        Objects.requireNonNull(collection, "collection");
        final Document stats = database.runCommand(new Document("collStats", collection));
        final long data = number(stats, "storageSize");
        final long indexes = number(stats, "totalIndexSize");
        return new StorageSize(data, indexes, data + indexes);
    }

    private static long number(final Document stats, final String field) {
        final Object value = stats.get(field);
        // Servers answer with int, long or double depending on magnitude and version.
        return value instanceof Number number ? number.longValue() : 0;
    }
}
