package dev.dbbench.examples;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.function.IntFunction;

import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoIterable;

/**
 * Reads results the way an application would, so that a benchmark pays for shipping and decoding
 * what it asked for: every column of every row, every document of a cursor. Shared by the examples
 * and the seed-scale figures.
 */
public final class Rows {

    private Rows() {
    }

    /** Runs {@code query} and reads every column of every row as text; returns the number of rows. */
    public static long readAll(PreparedStatement query) throws SQLException {
        long rows = 0;
        try (ResultSet result = query.executeQuery()) {
            final int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                for (int column = 1; column <= columns; column++) {
                    result.getString(column);
                }
                rows++;
            }
        }
        return rows;
    }

    /** Runs {@code sql} and reads every column of every row as text; returns the number of rows. */
    public static long readAll(Connection db, String sql) throws SQLException {
        try (PreparedStatement query = db.prepareStatement(sql)) {
            return readAll(query);
        }
    }

    /** Iterates every document {@code documents} yields; returns how many. */
    public static long readAll(MongoIterable<?> documents) {
        long count = 0;
        try (MongoCursor<?> cursor = documents.iterator()) {
            while (cursor.hasNext()) {
                cursor.next();
                count++;
            }
        }
        return count;
    }

    /** Iterates every document of {@code count} queries, the {@code i}-th made by {@code query}; returns how many. */
    public static long readAll(int count, IntFunction<? extends MongoIterable<?>> query) {
        long documents = 0;
        for (int i = 0; i < count; i++) {
            documents += readAll(query.apply(i));
        }
        return documents;
    }

    /** The single number {@code sql} returns, such as a {@code count(*)}. */
    public static long number(Connection db, String sql) throws SQLException {
        try (PreparedStatement query = db.prepareStatement(sql); ResultSet result = query.executeQuery()) {
            result.next();
            return result.getLong(1);
        }
    }
}
