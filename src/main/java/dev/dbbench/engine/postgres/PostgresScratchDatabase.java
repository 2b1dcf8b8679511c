package dev.dbbench.engine.postgres;

import java.sql.Connection;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;

import javax.sql.DataSource;

import dev.dbbench.engine.Closer;
import dev.dbbench.engine.ScratchDatabase;

/**
 * A PostgreSQL database created for one test class; it injects {@link DataSource} and a fresh
 * auto-commit {@link Connection} per scope.
 */
final class PostgresScratchDatabase implements ScratchDatabase {

    /** PostgreSQL truncates identifiers longer than this. */
    private static final int MAX_IDENTIFIER = 63;

    private final String name;
    private final DataSource admin;
    private final DataSource dataSource;
    private boolean closed;

    PostgresScratchDatabase(String name, DataSource admin, DataSource dataSource) {
        this.name = name;
        this.admin = admin;
        this.dataSource = dataSource;
    }

    static String uniqueName(String prefix) {
        final String suffix = "_" + UUID.randomUUID().toString().substring(0, 8);
        String base = "dbbench_" + prefix.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
        if (base.length() + suffix.length() > MAX_IDENTIFIER) {
            base = base.substring(0, MAX_IDENTIFIER - suffix.length());
        }
        return base + suffix;
    }

    static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Object resolve(Class<?> parameterType, Closer scope) throws Exception {
        if (parameterType == DataSource.class) {
            return dataSource;
        }
        if (parameterType == Connection.class) {
            return scope.register(dataSource.getConnection());
        }
        throw new IllegalArgumentException("cannot inject " + parameterType.getName());
    }

    @Override
    public synchronized void close() throws Exception {
        if (closed) {
            return;
        }
        closed = true;
        try (Connection connection = admin.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + quote(name) + " WITH (FORCE)");
        }
    }
}
