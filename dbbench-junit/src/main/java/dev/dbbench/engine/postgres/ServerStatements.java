package dev.dbbench.engine.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

import javax.sql.DataSource;

import dev.dbbench.engine.Writes;

/**
 * The statements a PostgreSQL server ran, by its own count: {@code pg_stat_statements}, which counts
 * each normalized statement's calls per database on whatever connection sent them. The embedded
 * servers dbbench starts load it; on other servers it is used where it is loaded and installed in
 * the database dbbench connects to.
 *
 * <p>Only top-level planned statements are counted (SELECT, INSERT, UPDATE, DELETE, MERGE, ...):
 * transaction control, {@code SET} and {@code SHOW}, which drivers and pools send on their own, are
 * not ({@code track_utility} is off). Of its other figures per statement, those of what a statement
 * wrote are read too ({@link Writes}).
 */
final class ServerStatements {

    /** The settings that load it on a server dbbench starts. */
    static final Map<String, String> SETTINGS = Map.of(
            "shared_preload_libraries", "pg_stat_statements",
            "pg_stat_statements.track", "top",
            "pg_stat_statements.track_utility", "off",
            "pg_stat_statements.save", "off",
            "pg_stat_statements.max", "10000");

    /**
     * What the driver looks up on its own (the types of the values it reads), which are statements of
     * nobody's code: they read only the catalog, which a benchmark's statements rarely name.
     */
    private static final String CATALOG = "pg_catalog.";

    private static final String QUERY = "SELECT s.userid, s.queryid, s.calls, s.query, s.wal_records, s.wal_fpi,"
            + " s.wal_bytes, s.shared_blks_dirtied, s.shared_blks_written, s.temp_blks_written FROM pg_stat_statements s"
            + " JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = ? AND s.toplevel";

    private final DataSource admin;

    private ServerStatements(DataSource admin) {
        this.admin = admin;
    }

    /**
     * The server's settings with {@code pg_stat_statements} loaded, added to the libraries the target
     * preloads itself.
     */
    static Map<String, String> loadedWith(Map<String, String> settings) {
        final Map<String, String> loaded = new TreeMap<>(SETTINGS);
        loaded.putAll(settings);
        final String libraries = settings.getOrDefault("shared_preload_libraries", "").strip();
        if (!libraries.isEmpty() && !libraries.contains("pg_stat_statements")) {
            loaded.put("shared_preload_libraries", libraries + ",pg_stat_statements");
        }
        return loaded;
    }

    /**
     * Installs the extension in the database of {@code admin}, where dbbench reads it, on a server it
     * started with {@link #loadedWith}; empty where the server's binaries lack it. {@code pg_walinspect},
     * which reads the WAL a call wrote, is installed beside it where the binaries ship it.
     */
    static Optional<ServerStatements> install(DataSource admin) {
        try (Connection connection = admin.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
            ServerWal.install(connection);
        } catch (SQLException e) {
            return Optional.empty();
        }
        return find(admin);
    }

    /** The server's counts through {@code admin}, where the extension is loaded and installed there. */
    static Optional<ServerStatements> find(DataSource admin) {
        final ServerStatements statements = new ServerStatements(admin);
        try {
            statements.read("");
            return Optional.of(statements);
        } catch (SQLException e) {
            return Optional.empty();
        }
    }

    /** One statement's counts: per user and normalized statement. */
    record Entry(String query, long calls, Writes writes) {
    }

    /** The counts of one database at one moment. */
    record Snapshot(Map<String, Entry> entries) {

        Snapshot {
            entries = Collections.unmodifiableMap(new HashMap<>(entries));
        }

        /**
         * The statements run since {@code earlier}, not counting the driver's own catalog lookups; an entry
         * evicted and counted afresh meanwhile counts from zero.
         */
        long callsSince(Snapshot earlier) {
            long calls = 0;
            for (Map.Entry<String, Entry> entry : entries.entrySet()) {
                if (entry.getValue().query().contains(CATALOG)) {
                    continue;
                }
                final Entry before = earlier.entries().get(entry.getKey());
                final long now = entry.getValue().calls();
                calls += before == null || before.calls() > now ? now : now - before.calls();
            }
            return calls;
        }

        /** What the statements run since {@code earlier} wrote; an entry evicted and counted afresh counts from zero. */
        Writes writesSince(Snapshot earlier) {
            Writes writes = Writes.NONE;
            for (Map.Entry<String, Entry> entry : entries.entrySet()) {
                final Entry before = earlier.entries().get(entry.getKey());
                final Entry now = entry.getValue();
                writes = writes.plus(before == null || before.calls() > now.calls() ? now.writes()
                        : now.writes().since(before.writes()));
            }
            return writes;
        }
    }

    /**
     * A connection to the database dbbench reads the counts in: work done on it (such as reading
     * where the WAL ends) is never counted as a class database's statement.
     */
    Connection connection() throws SQLException {
        return admin.getConnection();
    }

    /** The counts of {@code database} now. */
    Snapshot read(String database) throws SQLException {
        final Map<String, Entry> entries = new HashMap<>();
        try (Connection connection = admin.getConnection(); PreparedStatement query = connection.prepareStatement(QUERY)) {
            query.setString(1, database);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    entries.put(rows.getLong(1) + "/" + rows.getLong(2), new Entry(Objects.toString(rows.getString(4), ""),
                            rows.getLong(3), new Writes(rows.getLong(5), rows.getLong(6), rows.getLong(7), rows.getLong(8),
                                    rows.getLong(9), rows.getLong(10), 0)));
                }
            }
        }
        return new Snapshot(entries);
    }
}
