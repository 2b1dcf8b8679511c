package dev.dbbench.workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Objects;

/**
 * Seed 002's wide tables: {@code t1 .. tN}, each of {@code rows} rows and 60 int columns
 * {@code c1 .. c60}, generated from {@code (seed, table, row)} and loaded into PostgreSQL with COPY,
 * with the seed's queries: {@code count(distinct c1)}, a group by seven columns, and join chains of
 * 2 to N tables with and without the selective filter {@code t1.c60 < X}.
 *
 * <p>Columns are drawn so that every query's answer is known exactly at any size:
 * <ul>
 *   <li>{@code c1} is the row number {@code 0 .. rows-1} (the seed's files numbered theirs from 1), so
 *       {@code count(distinct c1)} and the group by seven columns (which include {@code c1}) both
 *       count {@code rows};</li>
 *   <li>{@code c2 .. c6}, the chains' join keys, and {@code c60}, the filtered column, each hold every
 *       value of {@code 0 .. rows-1} exactly once, in an order of their own per table and column; so
 *       each row of {@code t1} joins exactly one row of every next table, a chain of any length returns
 *       {@code rows} rows, and {@code c60 < X} keeps exactly {@code X} of them;</li>
 *   <li>the other 53 columns are uniform in {@code 0 .. rows-1}, independently drawn, like the seed's
 *       random columns (about 63% of the values occur).</li>
 * </ul>
 *
 * @param seed varies every column but {@code c1}; any value
 * @param tables how many tables, {@code t1 .. tN} (the seed had 17)
 * @param rows rows per table (the seed had 50,000,000)
 */
public record WideTables(long seed, int tables, int rows) {

    /** Columns per table. */
    public static final int COLUMNS = 60;

    /** The filter keeps one row in this many: {@code c60 < rows / 500}, as the seed's 100,000 of 50,000,000. */
    public static final int FILTER_DIVISOR = 500;

    private static final int FIRST_KEY_COLUMN = 2;
    private static final int LAST_KEY_COLUMN = 6;
    private static final int FILTER_COLUMN = 60;

    public WideTables {
        if (tables < 1) {
            throw new IllegalArgumentException("tables must be >= 1 but was " + tables);
        }
        if (rows < 1) {
            throw new IllegalArgumentException("rows must be >= 1 but was " + rows);
        }
    }

    /** The name of table {@code table} (1-based): {@code t1 .. tN}. */
    public static String tableName(final int table) {
        return "t" + table;
    }

    /** The value of column {@code c<column>} in row {@code row} of table {@code t<table>}. */
    public int value(final int table, final int row, final int column) {
        requireTable(table);
        if (row < 0 || row >= rows) {
            throw new IllegalArgumentException("row must be in [0, " + rows + ") but was " + row);
        }
        if (column < 1 || column > COLUMNS) {
            throw new IllegalArgumentException("column must be in [1, " + COLUMNS + "] but was " + column);
        }
        return value(table, row, column, isPermuted(column) ? permutation(table, column) : null);
    }

    /** The filter's bound {@code X} in {@code t1.c60 < X}: exactly this many rows pass it. */
    public int filterBound() {
        return Math.max(1, rows / FILTER_DIVISOR);
    }

    /** {@code count(distinct c1)} over {@code t1}; returns {@code rows}. */
    public String countDistinct() {
        return "SELECT count(DISTINCT c1) FROM t1";
    }

    /** The seed's count of the groups of {@code (c1, c11, c21, c31, c41, c51, c60)} in {@code t1}; returns {@code rows}. */
    public String groupBySeven() {
        return "SELECT count(*) FROM (SELECT c1, c11, c21, c31, c41, c51, c60 FROM t1"
                + " GROUP BY c1, c11, c21, c31, c41, c51, c60) AS t";
    }

    /**
     * The seed's join chain over {@code t1 .. t<length>}, counted: {@code t1.c2 = t2.c3},
     * {@code t2.c3 = t3.c4}, {@code t3.c4 = t4.c5}, then {@code t<k-1>.c5 = t<k>.c6} for every later
     * table; with {@code filtered}, only rows of {@code t1} with {@code c60 < filterBound()}. Returns
     * {@link #joinChainRows}.
     */
    public String joinChain(final int length, final boolean filtered) {
        if (length < 2 || length > tables) {
            throw new IllegalArgumentException("a join chain needs 2 to " + tables + " tables but was asked for " + length);
        }
        final StringBuilder sql = new StringBuilder("SELECT count(*) FROM (SELECT t1.c1 FROM t1");
        for (int table = 2; table <= length; table++) {
            // The seed's chain: keys step from c2 up to c6, then every later table joins c5 to c6.
            final int leftColumn = Math.min(table, 5);
            final int rightColumn = Math.min(table + 1, 6);
            sql.append(" JOIN t").append(table).append(" ON t").append(table - 1).append(".c").append(leftColumn)
                    .append(" = t").append(table).append(".c").append(rightColumn);
        }
        if (filtered) {
            sql.append(" WHERE t1.c60 < ").append(filterBound());
        }
        return sql.append(") AS t").toString();
    }

    /** The count a join chain of any length returns: {@code rows}, or {@link #filterBound()} when filtered. */
    public long joinChainRows(final boolean filtered) {
        return filtered ? filterBound() : rows;
    }

    /** Creates {@code t<table>} with its 60 int columns. */
    public void createTable(final Connection connection, final int table) throws SQLException {
        requireTable(table);
        final StringBuilder sql = new StringBuilder("CREATE TABLE ").append(tableName(table)).append(" (");
        for (int column = 1; column <= COLUMNS; column++) {
            sql.append(column == 1 ? "" : ", ").append('c').append(column).append(" int");
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql.append(')').toString());
        }
    }

    /** Streams the rows of {@code t<table>} into the existing table with one COPY. */
    public void copyInto(final Connection connection, final int table) throws SQLException {
        requireTable(table);
        final Permutation[] permutations = new Permutation[COLUMNS + 1];
        for (int column = 1; column <= COLUMNS; column++) {
            if (isPermuted(column)) {
                permutations[column] = permutation(table, column);
            }
        }
        CopyStream.copy(connection, "COPY " + tableName(table) + " FROM STDIN", rows, (row, out) -> {
            for (int column = 1; column <= COLUMNS; column++) {
                if (column > 1) {
                    out.append('\t');
                }
                out.append(value(table, (int) row, column, permutations[column]));
            }
            out.append('\n');
            return 1;
        }, Progress.toStandardOutput("loading wide table " + tableName(table), rows));
    }

    /** The whole setup: creates and loads {@code t1 .. tN}, then runs ANALYZE on each. */
    public void createAndLoad(final Connection connection) throws SQLException {
        Objects.requireNonNull(connection, "connection");
        for (int table = 1; table <= tables; table++) {
            createTable(connection, table);
            copyInto(connection, table);
        }
        try (Statement statement = connection.createStatement()) {
            for (int table = 1; table <= tables; table++) {
                statement.execute("ANALYZE " + tableName(table));
            }
        }
    }

    private int value(final int table, final int row, final int column, final Permutation permutation) {
        if (column == 1) {
            return row;
        }
        if (permutation != null) {
            return (int) permutation.apply(row);
        }
        return (int) Mix.below(seed, stream(table, column), row, rows);
    }

    private static boolean isPermuted(final int column) {
        return column >= FIRST_KEY_COLUMN && column <= LAST_KEY_COLUMN || column == FILTER_COLUMN;
    }

    private Permutation permutation(final int table, final int column) {
        return new Permutation(rows, Mix.hash(seed, stream(table, column), -1));
    }

    private static long stream(final int table, final int column) {
        return (long) table * (COLUMNS + 1) + column;
    }

    private void requireTable(final int table) {
        if (table < 1 || table > tables) {
            throw new IllegalArgumentException("table must be in [1, " + tables + "] but was " + table);
        }
    }
}
