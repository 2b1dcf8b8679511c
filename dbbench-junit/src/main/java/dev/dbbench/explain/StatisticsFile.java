package dev.dbbench.explain;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.dbbench.api.DbBenchConfigurationException;

/**
 * A file of planner statistics exported from production: the {@code pg_restore_relation_stats} and
 * {@code pg_restore_attribute_stats} calls that {@code pg_dump --statistics-only} writes (or the export
 * query of docs/production-statistics.md). Session settings, comments and psql's meta-commands around
 * them are left out; any other statement makes the file unusable, so that loading statistics never
 * runs a dump's DDL or data.
 */
public final class StatisticsFile {

    private static final Pattern CALL = Pattern.compile(
            "(?is)SELECT\\s+(?:\\*\\s+FROM\\s+)?(?:pg_catalog\\s*\\.\\s*)?pg_restore_(relation|attribute)_stats\\s*\\(.*\\)");
    private static final Pattern SETTING = Pattern.compile(
            "(?is)SET\\s.*|SELECT\\s+(?:pg_catalog\\s*\\.\\s*)?set_config\\s*\\(.*\\)");
    private static final int SHOWN = 80;

    /** Which of the two functions a call restores with. */
    public enum Kind {
        RELATION, ATTRIBUTE
    }

    /**
     * One restore call.
     *
     * @param sql the call as the file holds it
     * @param relation the table or index it names, schema-qualified
     * @param attribute the column an attribute call names; empty for a relation call
     */
    public record Call(Kind kind, String sql, Relation relation, Optional<String> attribute) {

        /** The call as a message names it: {@code public.orders} or {@code public.orders.customer_id}. */
        public String subject() {
            return relation + attribute.map(name -> "." + name).orElse("");
        }
    }

    /** A relation a statistics file names. */
    public record Relation(String schema, String name) {

        @Override
        public String toString() {
            return schema + "." + name;
        }
    }

    private final String name;
    private final List<Call> calls;

    private StatisticsFile(String name, List<Call> calls) {
        this.name = name;
        this.calls = List.copyOf(calls);
    }

    /** The file's path as it was declared. */
    public String name() {
        return name;
    }

    public List<Call> calls() {
        return calls;
    }

    /**
     * Reads a file's restore calls.
     *
     * @param name the file's path as declared, for messages
     */
    public static StatisticsFile parse(String name, String text) {
        final List<Call> calls = new ArrayList<>();
        for (String statement : statements(text)) {
            final Matcher call = CALL.matcher(statement);
            if (call.matches()) {
                final Kind kind = "relation".equalsIgnoreCase(call.group(1)) ? Kind.RELATION : Kind.ATTRIBUTE;
                final Relation relation = new Relation(required(name, statement, "schemaname"),
                        required(name, statement, "relname"));
                calls.add(new Call(kind, statement, relation, kind == Kind.ATTRIBUTE
                        ? Optional.of(argument(statement, "attname").orElse("attnum " + argument(statement, "attnum")
                                .orElse("?")))
                        : Optional.empty()));
            } else if (!SETTING.matcher(statement).matches()) {
                throw new DbBenchConfigurationException("the statistics file " + name + " holds a statement that"
                        + " restores no statistics: \"" + shown(statement) + "\". It must hold only calls of"
                        + " pg_restore_relation_stats and pg_restore_attribute_stats: export it with pg_dump"
                        + " --statistics-only or the query in docs/production-statistics.md");
            }
        }
        if (calls.isEmpty()) {
            throw new DbBenchConfigurationException("the statistics file " + name + " holds no call of"
                    + " pg_restore_relation_stats or pg_restore_attribute_stats: export it with pg_dump"
                    + " --statistics-only or the query in docs/production-statistics.md");
        }
        return new StatisticsFile(name, calls);
    }

    private static String required(String file, String statement, String argument) {
        return argument(statement, argument).orElseThrow(() -> new DbBenchConfigurationException(
                "the statistics file " + file + " has a call without its '" + argument + "' argument: \""
                        + shown(statement) + "\"; PostgreSQL 18 names the relation by 'schemaname' and 'relname'"));
    }

    /** The text literal after {@code 'argument',} in a call, unquoted. */
    static Optional<String> argument(String statement, String argument) {
        final Matcher value = Pattern.compile("'" + Pattern.quote(argument) + "'\\s*,\\s*'((?:[^']|'')*)'")
                .matcher(statement);
        return value.find() ? Optional.of(value.group(1).replace("''", "'")) : Optional.empty();
    }

    private static String shown(String statement) {
        final String line = statement.replaceAll("\\s+", " ");
        return line.length() <= SHOWN ? line : line.substring(0, SHOWN) + "...";
    }

    /**
     * The file's statements, without comments and psql meta-commands: split at semicolons outside
     * string literals (standard ones, {@code E''} ones with backslash escapes) and quoted identifiers.
     */
    static List<String> statements(String text) {
        final List<String> statements = new ArrayList<>();
        final StringBuilder current = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            final char c = text.charAt(i);
            if (c == '\'' || c == '"') {
                final boolean escapes = c == '\'' && i > 0 && (text.charAt(i - 1) == 'E' || text.charAt(i - 1) == 'e')
                        && (i < 2 || !Character.isLetterOrDigit(text.charAt(i - 2)) && text.charAt(i - 2) != '_');
                final int end = quoteEnd(text, i, c, escapes);
                current.append(text, i, end);
                i = end;
            } else if (text.startsWith("--", i) || c == '\\' && current.toString().isBlank()) {
                final int end = text.indexOf('\n', i);
                i = end < 0 ? text.length() : end + 1;
            } else if (text.startsWith("/*", i)) {
                final int end = text.indexOf("*/", i + 2);
                i = end < 0 ? text.length() : end + 2;
                current.append(' ');
            } else if (c == ';') {
                add(statements, current);
                i++;
            } else {
                current.append(c);
                i++;
            }
        }
        add(statements, current);
        return statements;
    }

    /** The index just past the quote that closes the one at {@code start}. */
    private static int quoteEnd(String text, int start, char quote, boolean escapes) {
        int i = start + 1;
        while (i < text.length()) {
            final char c = text.charAt(i);
            if (escapes && c == '\\') {
                i += 2;
            } else if (c == quote && i + 1 < text.length() && text.charAt(i + 1) == quote) {
                i += 2;
            } else if (c == quote) {
                return i + 1;
            } else {
                i++;
            }
        }
        return text.length();
    }

    private static void add(List<String> statements, StringBuilder current) {
        final String statement = current.toString().strip();
        if (!statement.isEmpty()) {
            statements.add(statement);
        }
        current.setLength(0);
    }
}
