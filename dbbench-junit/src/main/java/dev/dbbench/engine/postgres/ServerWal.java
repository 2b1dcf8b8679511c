package dev.dbbench.engine.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

import dev.dbbench.engine.ServerWrites;

/**
 * Reads what a server wrote during a call beyond its statements' counts: the WAL between two
 * positions record by record ({@code pg_walinspect}, which the embedded binaries ship, PostgreSQL 16
 * and later for the blocks of each record), and the cumulative I/O counts of {@code pg_stat_io} and
 * {@code pg_stat_wal}. A record belongs to the call's database when it changed one of the database's
 * blocks, or when it is the commit or abort of a transaction whose records did; everything else
 * (other databases, the server's own snapshots of running transactions, file creation) is the rest.
 *
 * <p>The I/O counts are the server's cumulative statistics, which a session adds its own to when it
 * goes idle, at most once a second unless told to: the capture has the call's sessions flush them
 * ({@link ApplicationConnections#flushStatistics()}) before each reading.
 */
final class ServerWal {

    /** PostgreSQL's SQLSTATE for a function that does not exist. */
    private static final String UNDEFINED_FUNCTION = "42883";
    private static final String INSUFFICIENT_PRIVILEGE = "42501";

    private static final String RECORDS = "WITH db AS (SELECT oid FROM pg_catalog.pg_database WHERE datname = ?),"
            + " blocks AS (SELECT DISTINCT b.start_lsn, b.xid::text AS xid FROM pg_get_wal_block_info(?::pg_lsn,"
            + " ?::pg_lsn) b JOIN db ON b.reldatabase = db.oid),"
            + " records AS (SELECT r.resource_manager, r.record_type, r.record_length, r.fpi_length,"
            + " r.resource_manager = 'XLOG' AND r.record_type = 'FPI_FOR_HINT' AS hint,"
            + " r.resource_manager = 'Heap2' AND r.record_type IN ('PRUNE_ON_ACCESS', 'PRUNE') AS pruned,"
            + " r.start_lsn IN (SELECT start_lsn FROM blocks) OR (r.resource_manager = 'Transaction'"
            + " AND r.xid::text <> '0' AND r.xid::text IN (SELECT xid FROM blocks)) AS mine"
            + " FROM pg_get_wal_records_info(?::pg_lsn, ?::pg_lsn) r)"
            + " SELECT count(*) FILTER (WHERE mine AND NOT hint AND NOT pruned), count(*) FILTER (WHERE mine AND"
            + " resource_manager = 'Transaction' AND record_type LIKE 'COMMIT%'), count(*) FILTER (WHERE mine AND NOT"
            + " hint AND NOT pruned AND fpi_length > 0), count(*) FILTER (WHERE NOT mine), count(*) FILTER (WHERE mine"
            + " AND hint), coalesce(sum(record_length) FILTER (WHERE mine AND hint), 0), count(*) FILTER (WHERE mine"
            + " AND pruned) FROM records";

    /** The cumulative I/O counts at one moment; a count the server does not keep is empty. */
    record Io(OptionalLong walFlushes, OptionalLong relationExtends, OptionalLong backgroundWrites) {

        static final Io NONE = new Io(OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty());

        Io since(Io earlier) {
            return new Io(minus(walFlushes, earlier.walFlushes), minus(relationExtends, earlier.relationExtends),
                    minus(backgroundWrites, earlier.backgroundWrites));
        }

        private static OptionalLong minus(OptionalLong now, OptionalLong before) {
            return now.isPresent() && before.isPresent() ? OptionalLong.of(now.getAsLong() - before.getAsLong())
                    : OptionalLong.empty();
        }
    }

    private ServerWal() {
    }

    /** Installs {@code pg_walinspect} where the server ships it and the role may; harmless where not. */
    static void install(Connection connection) {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE EXTENSION IF NOT EXISTS pg_walinspect");
        } catch (SQLException e) {
            // Not shipped, or not allowed: the call's WAL is then not read record by record.
        }
    }

    /** The server's cumulative I/O counts now, as far as it keeps them. */
    static Io io(Connection connection) throws SQLException {
        final int version = Integer.parseInt(single(connection, "SELECT current_setting('server_version_num')"));
        OptionalLong flushes = OptionalLong.empty();
        OptionalLong extendsCount = OptionalLong.empty();
        OptionalLong background = OptionalLong.empty();
        if (version >= 160000) {
            try (Statement statement = connection.createStatement(); ResultSet io = statement.executeQuery(
                    "SELECT coalesce(sum(extends) FILTER (WHERE backend_type = 'client backend'"
                            + " AND object = 'relation'), 0)::bigint, coalesce(sum(writes) FILTER (WHERE backend_type"
                            + " IN ('checkpointer', 'background writer') AND object = 'relation'), 0)::bigint,"
                            + (version >= 180000 ? " coalesce(sum(fsyncs) FILTER (WHERE backend_type = 'client backend'"
                                    + " AND object = 'wal'), 0)::bigint" : " (SELECT wal_sync FROM pg_stat_wal)")
                            + " FROM pg_stat_io")) {
                io.next();
                extendsCount = OptionalLong.of(io.getLong(1));
                background = OptionalLong.of(io.getLong(2));
                flushes = OptionalLong.of(io.getLong(3));
            }
        } else if (version >= 140000) {
            flushes = OptionalLong.of(Long.parseLong(single(connection, "SELECT wal_sync FROM pg_stat_wal")));
        }
        return new Io(flushes, extendsCount, background);
    }

    /**
     * The WAL between the positions {@code from} and {@code to} (bytes from the WAL's start) as it
     * concerns the database {@code database}, with the I/O counts of the call; empty where the server's
     * WAL cannot be read record by record. Flushes the WAL up to {@code to} first: the inspection reads
     * only what is on disk, and a commit without {@code synchronous_commit} leaves its records in memory
     * for a moment.
     */
    static Optional<ServerWrites> read(Connection connection, String database, long from, long to, Io io)
            throws SQLException {
        // pg_walinspect names each record's blocks since PostgreSQL 16; without it nothing is flushed or read.
        if (single(connection, "SELECT to_regproc('pg_get_wal_block_info') IS NOT NULL").equals("f")) {
            return Optional.empty();
        }
        try (PreparedStatement query = connection.prepareStatement(RECORDS)) {
            flushWal(connection);
            query.setString(1, database);
            query.setString(2, lsn(from));
            query.setString(3, lsn(to));
            query.setString(4, lsn(from));
            query.setString(5, lsn(to));
            try (ResultSet records = query.executeQuery()) {
                records.next();
                return Optional.of(new ServerWrites(records.getLong(1), records.getLong(2), records.getLong(3),
                        records.getLong(4), new ServerWrites.HintImages(records.getLong(5), records.getLong(6)),
                        records.getLong(7), io.walFlushes(), io.relationExtends(), io.backgroundWrites(), false));
            }
        } catch (SQLException e) {
            if (UNDEFINED_FUNCTION.equals(e.getSQLState()) || INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /**
     * Autovacuum's work on a database at one moment: the vacuums and analyzes it finished on the
     * database's tables (catalogs included) and those running now.
     */
    record Autovacuum(long finished, long running) {

        /** What a server that does not say reads as: no work, which never marks a call. */
        static final Autovacuum UNKNOWN = new Autovacuum(0, 0);

        /**
         * Whether autovacuum worked on the database between this reading and {@code after}: a vacuum
         * or analyze logs records on the database (pruned pages, the statistics it stores), so the
         * records of a call it overlapped are not the call's alone.
         */
        boolean overlaps(Autovacuum after) {
            return finished != after.finished || running > 0 || after.running > 0;
        }
    }

    /** Autovacuum's work on the database of {@code connection} now, or {@link Autovacuum#UNKNOWN}. */
    static Autovacuum autovacuum(Connection connection) {
        try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery(
                "SELECT (SELECT coalesce(sum(autovacuum_count + autoanalyze_count), 0) FROM"
                        + " pg_catalog.pg_stat_all_tables), (SELECT count(*) FROM pg_catalog.pg_stat_progress_vacuum"
                        + " WHERE datname = current_database()) + (SELECT count(*) FROM"
                        + " pg_catalog.pg_stat_progress_analyze WHERE datname = current_database())")) {
            row.next();
            return new Autovacuum(row.getLong(1), row.getLong(2));
        } catch (SQLException e) {
            return Autovacuum.UNKNOWN;
        }
    }

    /** A WAL position, in bytes from the start of the WAL, as PostgreSQL writes it. */
    static String lsn(long position) {
        return Long.toHexString(position >>> 32).toUpperCase(Locale.ROOT) + "/"
                + Long.toHexString(position & 0xFFFFFFFFL).toUpperCase(Locale.ROOT);
    }

    /**
     * A transaction that writes a record and commits synchronously writes the WAL to disk up to its own
     * commit (one that writes nothing commits without waiting, whatever the setting).
     */
    private static void flushWal(Connection connection) throws SQLException {
        final boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET LOCAL synchronous_commit = on");
            statement.execute("SELECT pg_logical_emit_message(true, 'dbbench', 'flush')");
            connection.commit();
        } finally {
            connection.setAutoCommit(autoCommit);
        }
    }

    private static String single(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery(sql)) {
            row.next();
            return row.getString(1);
        }
    }
}
