package dev.dbbench.workload;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/** An embedded PostgreSQL server for the workload tests, with small query helpers. */
final class TestPostgres implements AutoCloseable {

    private final EmbeddedPostgres server;

    private TestPostgres(final EmbeddedPostgres server) {
        this.server = server;
    }

    static TestPostgres start() throws IOException {
        return new TestPostgres(EmbeddedPostgres.start());
    }

    Connection connect() throws SQLException {
        return server.getPostgresDatabase().getConnection();
    }

    /** The rows of {@code sql} with {@code parameters} bound, each row as its columns' values. */
    static List<List<Object>> rows(final Connection connection, final String sql, final Object... parameters)
            throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                query.setObject(i + 1, parameters[i]);
            }
            try (ResultSet result = query.executeQuery()) {
                final int columns = result.getMetaData().getColumnCount();
                final List<List<Object>> rows = new ArrayList<>();
                while (result.next()) {
                    final List<Object> row = new ArrayList<>(columns);
                    for (int column = 1; column <= columns; column++) {
                        row.add(result.getObject(column));
                    }
                    rows.add(row);
                }
                return rows;
            }
        }
    }

    /** The single number {@code sql} returns. */
    static long scalar(final Connection connection, final String sql, final Object... parameters) throws SQLException {
        return ((Number) rows(connection, sql, parameters).get(0).get(0)).longValue();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
