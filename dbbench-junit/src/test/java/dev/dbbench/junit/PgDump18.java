package dev.dbbench.junit;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * A table's statistics written as {@code pg_dump --statistics-only} of PostgreSQL 18 writes them into a
 * plain-format dump, for tests of what dbbench accepts: the dump's header (psql's restrict command
 * with a key, the session settings a dump sets), a comment naming each statistics entry, then one
 * {@code SELECT * FROM pg_catalog.pg_restore_relation_stats(...)} call and a
 * {@code pg_restore_attribute_stats(...)} call per column, each argument on a line of its own as
 * {@code 'name', 'value'::type} with every value a quoted literal (booleans as {@code 'f'} and
 * {@code 't'}), {@code 'relallfrozen'} only from a server of 18 or later, and the closing comment and
 * psql's unrestrict command with the same key. The server's text output of each {@code pg_stats} value is what pg_dump writes.
 */
final class PgDump18 {

    /** pg_stats columns in the order pg_dump writes them, with the type each is cast to. */
    private static final List<String[]> ATTRIBUTE_ARGUMENTS = List.of(
            new String[] {"null_frac", "real"}, new String[] {"avg_width", "integer"},
            new String[] {"n_distinct", "real"}, new String[] {"most_common_vals", "text"},
            new String[] {"most_common_freqs", "real[]"}, new String[] {"histogram_bounds", "text"},
            new String[] {"correlation", "real"}, new String[] {"most_common_elems", "text"},
            new String[] {"most_common_elem_freqs", "real[]"}, new String[] {"elem_count_histogram", "real[]"},
            new String[] {"range_length_histogram", "text"}, new String[] {"range_empty_frac", "real"},
            new String[] {"range_bounds_histogram", "text"});

    private static final String KEY = "Tb9ExampleRestrictKeyOfPgDump18";

    private PgDump18() {
    }

    static String statisticsOnly(Statement statement, String schema, String table) throws SQLException {
        final int version = version(statement);
        final StringBuilder dump = new StringBuilder("--\n-- PostgreSQL database dump\n--\n\n\\restrict " + KEY + "\n\n"
                + "-- Dumped from database version " + version / 10000 + "." + version % 100 + "\n"
                + "-- Dumped by pg_dump version 18.0\n\n"
                + "SET statement_timeout = 0;\nSET lock_timeout = 0;\nSET idle_in_transaction_session_timeout = 0;\n"
                + "SET transaction_timeout = 0;\nSET client_encoding = 'UTF8';\nSET standard_conforming_strings = on;\n"
                + "SELECT pg_catalog.set_config('search_path', '', false);\nSET check_function_bodies = false;\n"
                + "SET xmloption = content;\nSET client_min_messages = warning;\nSET row_security = off;\n\n");
        dump.append("--\n-- Statistics for Name: ").append(table).append("; Type: STATISTICS DATA; Schema: ")
                .append(schema).append("; Owner: -\n--\n\n");
        try (ResultSet relation = statement.executeQuery("SELECT c.relpages, c.reltuples, c.relallvisible"
                + (version >= 180000 ? ", c.relallfrozen" : "") + " FROM pg_catalog.pg_class c JOIN"
                + " pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = " + literal(schema)
                + " AND c.relname = " + literal(table))) {
            relation.next();
            dump.append("SELECT * FROM pg_catalog.pg_restore_relation_stats(\n\t'version', '").append(version)
                    .append("'::integer,\n\t'schemaname', ").append(literal(schema)).append(",\n\t'relname', ")
                    .append(literal(table)).append(",\n\t'relpages', '").append(relation.getString(1))
                    .append("'::integer,\n\t'reltuples', '").append(relation.getString(2)).append("'::real,\n\t")
                    .append("'relallvisible', '").append(relation.getString(3)).append("'::integer");
            if (version >= 180000) {
                dump.append(",\n\t'relallfrozen', '").append(relation.getString(4)).append("'::integer");
            }
            dump.append("\n);\n");
        }
        try (ResultSet columns = statement.executeQuery("SELECT s.attname, s.inherited, s.null_frac, s.avg_width,"
                + " s.n_distinct, s.most_common_vals, s.most_common_freqs, s.histogram_bounds, s.correlation,"
                + " s.most_common_elems, s.most_common_elem_freqs, s.elem_count_histogram, "
                + (version >= 170000 ? "s.range_length_histogram, s.range_empty_frac, s.range_bounds_histogram"
                        : "NULL, NULL, NULL")
                + " FROM pg_catalog.pg_stats s WHERE s.schemaname = " + literal(schema) + " AND s.tablename = "
                + literal(table) + " ORDER BY s.attname, s.inherited")) {
            while (columns.next()) {
                dump.append("SELECT * FROM pg_catalog.pg_restore_attribute_stats(\n\t'version', '").append(version)
                        .append("'::integer,\n\t'schemaname', ").append(literal(schema)).append(",\n\t'relname', ")
                        .append(literal(table)).append(",\n\t'attname', ").append(literal(columns.getString(1)))
                        .append(",\n\t'inherited', ").append(literal(columns.getBoolean(2) ? "t" : "f"))
                        .append("::boolean");
                for (int i = 0; i < ATTRIBUTE_ARGUMENTS.size(); i++) {
                    final String value = columns.getString(i + 3);
                    if (value != null) {
                        dump.append(",\n\t").append(literal(ATTRIBUTE_ARGUMENTS.get(i)[0])).append(", ")
                                .append(literal(value)).append("::").append(ATTRIBUTE_ARGUMENTS.get(i)[1]);
                    }
                }
                dump.append("\n);\n");
            }
        }
        return dump.append("\n--\n-- PostgreSQL database dump complete\n--\n\n\\unrestrict ").append(KEY).append('\n')
                .toString();
    }

    private static int version(Statement statement) throws SQLException {
        try (ResultSet version = statement.executeQuery("SELECT current_setting('server_version_num')::int")) {
            version.next();
            return version.getInt(1);
        }
    }

    /** A string literal as pg_dump writes one with standard_conforming_strings on: quotes doubled. */
    private static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }
}
