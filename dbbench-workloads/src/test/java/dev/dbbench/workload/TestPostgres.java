package dev.dbbench.workload;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.postgres.EmbeddedPostgresServer;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderKind;

/** An embedded PostgreSQL server with a database of its own for the workload tests, with small query helpers. */
final class TestPostgres implements AutoCloseable {

    private final EmbeddedPostgresServer server;
    private final ScratchDatabase database;

    private TestPostgres(final EmbeddedPostgresServer server, final ScratchDatabase database) {
        this.server = server;
        this.database = database;
    }

    static TestPostgres start() throws Exception {
        final EmbeddedPostgresServer server = EmbeddedPostgresServer.start(new EngineTarget(EngineKind.POSTGRES,
                "17", new TreeMap<>(), ProviderKind.EMBEDDED, ""));
        return new TestPostgres(server, server.createDatabase("workload"));
    }

    Connection connect() throws SQLException {
        return database.dataSource().orElseThrow().getConnection();
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
    public void close() throws Exception {
        try (EmbeddedPostgresServer closing = server) {
            database.close();
        }
    }
}
