package dev.dbbench.explain;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javax.sql.DataSource;

import dev.dbbench.api.DbBenchConfigurationException;

/**
 * Loads production's planner statistics into a database with PostgreSQL 18's restore functions, so
 * that its plans are the plans those statistics produce.
 *
 * <p>The planner does not take a table's row count from its statistics as they are: it scales the
 * rows per page they record ({@code reltuples / relpages}) by the relation's current size on disk. A
 * production table of 6,623 pages restored onto a two-page CI table is estimated at two pages'
 * worth of production's rows, and keeps its small-table plan. So after the calls, each table's and
 * index's page count (and its all-visible pages, in the same proportion) is set to its size here, and
 * the planner estimates production's row count. Costs that follow from the pages themselves (a
 * sequential scan's page reads) remain those of the small relation.
 */
public final class StatisticsRestore {

    /** The environment fact that names the statistics a benchmark's plans were captured under. */
    public static final String ENVIRONMENT = "postgres.productionStatistics";

    /** The first release with {@code pg_restore_relation_stats} and {@code pg_restore_attribute_stats}. */
    static final int SINCE = 180000;

    private StatisticsRestore() {
    }

    /** A relation statistics were loaded into: its oid, kind, and the row count loaded. */
    private record Loaded(StatisticsFile.Relation relation, String file, long oid, char kind, float reltuples) {
    }

    /**
     * Loads the files' statistics into {@code database}: the named tables' column statistics are
     * cleared first (a CI {@code ANALYZE}'s would otherwise mix with production's), then the calls
     * run, then page counts are set to the relations' sizes here and autovacuum is switched off for
     * the tables, so that it cannot replace what was loaded.
     *
     * @param where the class and target, as messages name them
     */
    public static Restored restore(DataSource database, List<StatisticsFile> files, String where)
            throws SQLException {
        try (Connection connection = database.getConnection()) {
            connection.setAutoCommit(true);
            requireVersion(connection, files, where);
            final Map<StatisticsFile.Relation, Loaded> relations = relations(connection, files, where);
            for (Loaded table : relations.values()) {
                clearColumns(connection, table);
            }
            for (StatisticsFile file : files) {
                for (StatisticsFile.Call call : file.calls()) {
                    if (relations.containsKey(call.relation())) {
                        run(connection, file, call, where);
                    }
                }
            }
            final List<Loaded> tables = new ArrayList<>();
            for (Loaded relation : relations.values()) {
                if (relation.kind() == 'p') {
                    continue;
                }
                rescale(connection, relation, where);
                if (relation.kind() != 'i') {
                    try (Statement alter = connection.createStatement()) {
                        alter.execute("ALTER TABLE " + identifier(relation.relation().schema()) + "."
                                + identifier(relation.relation().name()) + " SET (autovacuum_enabled = false)");
                    }
                    tables.add(new Loaded(relation.relation(), relation.file(), relation.oid(), relation.kind(),
                            reltuples(connection, relation.oid())));
                }
            }
            return new Restored(database, tables, where);
        }
    }

    /** What was loaded into one database, to check before its plans are captured. */
    public static final class Restored {

        private final DataSource database;
        private final List<Loaded> tables;
        private final String where;

        private Restored(DataSource database, List<Loaded> tables, String where) {
            this.database = database;
            this.tables = List.copyOf(tables);
            this.where = where;
        }

        /**
         * Fails when a table's loaded statistics were replaced since they were loaded: an
         * {@code ANALYZE}, {@code VACUUM}, {@code TRUNCATE} or {@code CREATE INDEX} of it, whose plans would
         * then be CI's again.
         */
        public void requireIntact() throws SQLException {
            try (Connection connection = database.getConnection()) {
                for (Loaded table : tables) {
                    final float now = reltuples(connection, table.oid());
                    if (Float.compare(now, table.reltuples()) != 0) {
                        throw new IllegalStateException("the production statistics of " + table.relation()
                                + " loaded from " + table.file() + " for " + where + " were replaced before its"
                                + " plans were captured: the table's row count is " + rows(now) + " now, "
                                + rows(table.reltuples()) + " as loaded. An ANALYZE, VACUUM, TRUNCATE or CREATE"
                                + " INDEX of the table after the statistics were loaded (in a benchmark, a"
                                + " @BeforeSample or a @BeforeEach method) replaces them; do it in a @DbFixture or"
                                + " @BeforeAll method, which run before they are loaded");
                    }
                }
            }
        }

        /**
         * What was loaded, as a report names it: each file with the tables it gave rows for, such as
         * {@code production-orders.sql (public.orders 2000000 rows)}.
         */
        public String describe() {
            final Map<String, List<String>> byFile = new LinkedHashMap<>();
            for (Loaded table : tables) {
                byFile.computeIfAbsent(table.file(), file -> new ArrayList<>()).add(table.relation() + " "
                        + rows(table.reltuples()) + " rows");
            }
            return String.join("; ", byFile.entrySet().stream()
                    .map(file -> file.getKey() + " (" + String.join(", ", file.getValue()) + ")").toList());
        }

        private static String rows(float reltuples) {
            if (Float.isNaN(reltuples)) {
                return "gone (the table was dropped)";
            }
            return reltuples < 0 ? "unknown (never analyzed)" : String.format(Locale.ROOT, "%.0f", reltuples);
        }
    }

    private static void requireVersion(Connection connection, List<StatisticsFile> files, String where)
            throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet version = statement.executeQuery(
                        "SELECT current_setting('server_version_num')::int, current_setting('server_version')")) {
            version.next();
            if (version.getInt(1) < SINCE) {
                throw new DbBenchConfigurationException("@ProductionStatistics (" + names(files) + ") on " + where
                        + " needs PostgreSQL 18 or later, whose pg_restore_relation_stats and"
                        + " pg_restore_attribute_stats load statistics, but the server is " + version.getString(2)
                        + ": declare @Postgres(version = \"18\") on the class (or set dbbench.postgres.version=18)");
            }
        }
    }

    /**
     * Every relation the files name, found in the database, in the files' order. A missing relation
     * with column statistics (a table) fails; one with only a relation's statistics (as the files show
     * an index) is left out: an index production has and this schema lacks is what the plan gates
     * judge, in their words (a plan that no longer uses it), and its page and row counts would not
     * change a plan without it.
     */
    private static Map<StatisticsFile.Relation, Loaded> relations(Connection connection, List<StatisticsFile> files,
            String where) throws SQLException {
        final Map<StatisticsFile.Relation, Loaded> found = new LinkedHashMap<>();
        final List<String> missing = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT c.oid, c.relkind FROM pg_class c"
                + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relname = ?")) {
            for (StatisticsFile file : files) {
                for (StatisticsFile.Call call : file.calls()) {
                    final StatisticsFile.Relation relation = call.relation();
                    if (found.containsKey(relation)) {
                        continue;
                    }
                    query.setString(1, relation.schema());
                    query.setString(2, relation.name());
                    try (ResultSet row = query.executeQuery()) {
                        if (row.next()) {
                            found.put(relation, new Loaded(relation, file.name(), row.getLong(1),
                                    row.getString(2).charAt(0), 0));
                        } else if (hasColumns(files, relation)
                                && !missing.contains(relation + " (" + file.name() + ")")) {
                            missing.add(relation + " (" + file.name() + ")");
                        }
                    }
                }
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException("production statistics for " + where + " name tables that are not"
                    + " in the class's database when they are loaded (before the first sample): "
                    + String.join(", ", missing) + ". Create them in a @DbFixture or @BeforeAll method (a"
                    + " migration of the same schema as production's), or export the statistics again from the"
                    + " schema the tests use");
        }
        return found;
    }

    private static boolean hasColumns(List<StatisticsFile> files, StatisticsFile.Relation relation) {
        return files.stream().flatMap(file -> file.calls().stream()).anyMatch(call ->
                call.kind() == StatisticsFile.Kind.ATTRIBUTE && call.relation().equals(relation));
    }

    private static void clearColumns(Connection connection, Loaded relation) throws SQLException {
        try (PreparedStatement clear = connection.prepareStatement("SELECT pg_catalog.pg_clear_attribute_stats("
                + "s.schemaname, s.tablename, s.attname, s.inherited) FROM pg_catalog.pg_stats s"
                + " WHERE s.schemaname = ? AND s.tablename = ?")) {
            clear.setString(1, relation.relation().schema());
            clear.setString(2, relation.relation().name());
            clear.execute();
        }
    }

    /** Runs one restore call; one that restores nothing or only part (the server warns why) fails. */
    private static void run(Connection connection, StatisticsFile file, StatisticsFile.Call call, String where)
            throws SQLException {
        final String what = "pg_restore_" + call.kind().name().toLowerCase(Locale.ROOT) + "_stats for "
                + call.subject() + " from " + file.name() + " (" + where + ")";
        // The file's values are bound as parameters of dbbench's own statement: nothing of its text reaches the server.
        try (PreparedStatement statement = connection.prepareStatement(call.sql())) {
            final List<String> parameters = call.parameters();
            for (int i = 0; i < parameters.size(); i++) {
                statement.setString(i + 1, parameters.get(i));
            }
            final boolean restored;
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                restored = result.getBoolean(1);
            }
            final List<String> warnings = warnings(statement.getWarnings());
            if (!restored || !warnings.isEmpty()) {
                throw new IllegalStateException(what + " did not restore all it was given: "
                        + (warnings.isEmpty() ? "the server returned false" : String.join("; ", warnings))
                        + ". Export the statistics again from production, or correct the file");
            }
        } catch (SQLException e) {
            throw new IllegalStateException(what + " failed: " + e.getMessage(), e);
        }
    }

    private static List<String> warnings(SQLWarning first) {
        final List<String> messages = new ArrayList<>();
        for (SQLWarning warning = first; warning != null; warning = warning.getNextWarning()) {
            messages.add(warning.getMessage());
        }
        return messages;
    }

    /**
     * Sets a relation's page count to its size here, keeping the row count loaded, so the planner
     * estimates production's rows; all-visible pages keep their share of the pages.
     */
    private static void rescale(Connection connection, Loaded relation, String where) throws SQLException {
        final long pages;
        final long loadedPages;
        final long allVisible;
        try (PreparedStatement query = connection.prepareStatement("SELECT pg_relation_size(c.oid)"
                + " / current_setting('block_size')::bigint, c.relpages, c.relallvisible FROM pg_class c"
                + " WHERE c.oid = ?")) {
            query.setLong(1, relation.oid());
            try (ResultSet row = query.executeQuery()) {
                row.next();
                pages = row.getLong(1);
                loadedPages = row.getLong(2);
                allVisible = row.getLong(3);
            }
        }
        if (pages == 0) {
            throw new IllegalStateException("production statistics for " + where + " describe " + relation.relation()
                    + " (" + relation.file() + "), which is empty in the class's database when they are loaded:"
                    + " the planner estimates an empty table as empty whatever its statistics say. Insert at"
                    + " least a row in a @DbFixture or @BeforeAll method");
        }
        try (PreparedStatement restore = connection.prepareStatement("SELECT pg_catalog.pg_restore_relation_stats("
                + "'schemaname', ?::text, 'relname', ?::text, 'relpages', ?::integer, 'relallvisible', ?::integer)")) {
            restore.setString(1, relation.relation().schema());
            restore.setString(2, relation.relation().name());
            restore.setInt(3, Math.toIntExact(pages));
            restore.setInt(4, loadedPages == 0 ? 0 : (int) Math.min(pages, Math.round((double) allVisible * pages
                    / loadedPages)));
            restore.execute();
        }
    }

    private static float reltuples(Connection connection, long oid) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT reltuples FROM pg_class WHERE oid = ?")) {
            query.setLong(1, oid);
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? row.getFloat(1) : Float.NaN;
            }
        }
    }

    private static String identifier(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    private static String names(List<StatisticsFile> files) {
        return String.join(", ", files.stream().map(StatisticsFile::name).toList());
    }
}
