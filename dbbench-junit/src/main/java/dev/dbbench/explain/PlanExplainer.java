package dev.dbbench.explain;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Runs {@code EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)} for each statement a benchmark executed.
 *
 * <p>Each explain runs inside a transaction that is rolled back, so an {@code INSERT} or
 * {@code UPDATE} is planned and executed for its counters but never applied twice. JIT and parallel
 * workers are switched off for the explain, since both make node shapes and counters vary from run
 * to run without any change in the query. Afterwards it reads the on-disk sizes of the tables the
 * plans touched. None of its statements waits longer than {@link #LOCK_TIMEOUT} for a lock, nor runs
 * longer than the benchmark's timeout.
 */
public final class PlanExplainer {

    private static final Set<String> EXPLAINABLE = Set.of("select", "insert", "update", "delete", "with", "values",
            "table", "merge");

    /**
     * The longest any statement of the explain waits for a lock. None of them should wait at all: a
     * lock held that long was left by the benchmark, in a transaction it never ended.
     */
    static final Duration LOCK_TIMEOUT = Duration.ofSeconds(5);

    /** PostgreSQL's SQLSTATE for a lock not granted within {@code lock_timeout}. */
    private static final String LOCK_NOT_AVAILABLE = "55P03";

    private final ObjectMapper mapper = new ObjectMapper();

    /**
     * The plans of the log's statements; statements EXPLAIN cannot take (DDL, COPY) or that fail on
     * another connection (a session's temporary table, say) are listed as skipped with the reason.
     *
     * @param timeout the longest each statement of the explain may run, as the benchmark's own calls may
     */
    public Explained explain(DataSource database, StatementLog log, Duration timeout) throws SQLException {
        final List<StatementPlan> plans = new ArrayList<>();
        final List<String> skipped = new ArrayList<>();
        final Set<String> relations = new TreeSet<>();
        try (Connection connection = database.getConnection()) {
            try (Statement limits = connection.createStatement()) {
                limits.execute("SET lock_timeout = " + LOCK_TIMEOUT.toMillis());
                limits.execute("SET statement_timeout = " + timeout.toMillis());
            }
            for (StatementLog.Entry entry : log.entries()) {
                if (!explainable(entry.sql())) {
                    skipped.add(entry.sql() + ": not a query EXPLAIN takes");
                    continue;
                }
                try {
                    plans.add(explain(connection, entry, relations));
                } catch (SQLException e) {
                    requireNoLockWait("EXPLAIN of \"" + entry.sql() + "\"", e);
                    skipped.add(entry.sql() + ": " + e.getMessage());
                }
            }
            try {
                return new Explained(new StatementPlans(plans, log.executions(), skipped),
                        sizes(connection, relations));
            } catch (SQLException e) {
                requireNoLockWait("query of the sizes of " + relations, e);
                throw e;
            }
        }
    }

    /**
     * A lock one of the explain's statements waited for in vain fails the benchmark rather than
     * skipping the statement: the lock is the benchmark's own, and plans read around it would not be its plans.
     */
    private static void requireNoLockWait(String statement, SQLException failure) {
        if (LOCK_NOT_AVAILABLE.equals(failure.getSQLState())) {
            throw new IllegalStateException("dbbench's " + statement + " waited more than " + LOCK_TIMEOUT.toSeconds()
                    + " s for a lock that another session holds: most likely a transaction the benchmark left open"
                    + " on a connection it opened itself. Commit or roll back before the body returns, and close"
                    + " the connections it opens", failure);
        }
    }

    /**
     * The outcome of explaining one capture call.
     *
     * @param storage the sizes of the tables the plans read or wrote, by name
     */
    public record Explained(StatementPlans statements, List<RelationSize> storage) {

        public Explained {
            storage = List.copyOf(storage);
        }
    }

    /** Table, index and TOAST sizes of the named tables visible on the search path, ordered by name. */
    private static List<RelationSize> sizes(Connection connection, Set<String> relations) throws SQLException {
        if (relations.isEmpty()) {
            return List.of();
        }
        final List<RelationSize> sizes = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT c.relname, pg_relation_size(c.oid),"
                + " pg_indexes_size(c.oid), COALESCE(pg_total_relation_size(NULLIF(c.reltoastrelid, 0)), 0),"
                + " pg_total_relation_size(c.oid) FROM pg_class c WHERE c.relname = ANY (?)"
                + " AND c.relkind IN ('r', 'm', 'p') AND pg_table_is_visible(c.oid) ORDER BY c.relname")) {
            query.setArray(1, connection.createArrayOf("text", relations.toArray()));
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    sizes.add(new RelationSize(rows.getString(1), rows.getLong(2), rows.getLong(3), rows.getLong(4),
                            rows.getLong(5)));
                }
            }
        }
        return sizes;
    }

    static boolean explainable(String sql) {
        final String trimmed = sql.stripLeading();
        final int end = trimmed.indexOf(' ');
        final String verb = (end < 0 ? trimmed : trimmed.substring(0, end)).toLowerCase(Locale.ROOT);
        return EXPLAINABLE.contains(verb);
    }

    private StatementPlan explain(Connection connection, StatementLog.Entry entry, Set<String> relations)
            throws SQLException {
        final boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try {
            try (Statement settings = connection.createStatement()) {
                settings.execute("SET LOCAL jit = off");
                settings.execute("SET LOCAL max_parallel_workers_per_gather = 0");
            }
            final String json;
            try (PreparedStatement explain = connection.prepareStatement(
                    "EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) " + entry.sql())) {
                for (int i = 0; i < entry.parameters().size(); i++) {
                    explain.setObject(i + 1, entry.parameters().get(i));
                }
                try (ResultSet rows = explain.executeQuery()) {
                    rows.next();
                    json = rows.getString(1);
                }
            }
            return parse(entry, json, relations);
        } finally {
            connection.rollback();
            connection.setAutoCommit(autoCommit);
        }
    }

    StatementPlan parse(StatementLog.Entry entry, String json) {
        return parse(entry, json, new TreeSet<>());
    }

    /** Parses one EXPLAIN output and adds the relations its nodes read or write to {@code relations}. */
    private StatementPlan parse(StatementLog.Entry entry, String json, Set<String> relations) {
        final JsonNode root;
        try {
            root = mapper.readTree(json).get(0).get("Plan");
        } catch (Exception e) {
            throw new IllegalStateException("unreadable EXPLAIN output for \"" + entry.sql() + "\"", e);
        }
        final List<String> shape = new ArrayList<>();
        final Set<String> seqScans = new TreeSet<>();
        final Set<String> indexes = new TreeSet<>();
        walk(root, 0, shape, seqScans, indexes, relations);
        return new StatementPlan(entry.sql(), entry.executions(), shape, root.path("Actual Rows").asLong(),
                root.path("Shared Hit Blocks").asLong() + root.path("Shared Read Blocks").asLong(),
                root.path("Temp Read Blocks").asLong() + root.path("Temp Written Blocks").asLong(),
                List.copyOf(seqScans), List.copyOf(indexes));
    }

    private static void walk(JsonNode node, int depth, List<String> shape, Set<String> seqScans, Set<String> indexes,
            Set<String> relations) {
        final String type = node.path("Node Type").asText();
        final StringBuilder line = new StringBuilder("  ".repeat(depth)).append(type);
        if (node.has("Join Type") && !type.contains(node.get("Join Type").asText())) {
            line.append(" (").append(node.get("Join Type").asText()).append(')');
        }
        if (node.has("Relation Name")) {
            line.append(" on ").append(node.get("Relation Name").asText());
            relations.add(node.get("Relation Name").asText());
            if ("Seq Scan".equals(type)) {
                seqScans.add(node.get("Relation Name").asText());
            }
        }
        if (node.has("Index Name")) {
            line.append(" using ").append(node.get("Index Name").asText());
            indexes.add(node.get("Index Name").asText());
        }
        shape.add(line.toString());
        for (JsonNode child : node.path("Plans")) {
            walk(child, depth + 1, shape, seqScans, indexes, relations);
        }
    }
}
