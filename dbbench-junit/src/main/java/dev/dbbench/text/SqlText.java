package dev.dbbench.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The identity of a SQL statement, as {@code pg_stat_statements} fingerprints one: its literals,
 * parameter markers, whitespace, comments and the case of its keywords aside. So changing
 * {@code generate_series(1, 200000)} to {@code generate_series(1, 220000)}, or reformatting a query,
 * leaves the statement the same; a list of values after {@code IN} counts as one value whatever its
 * length, as an ORM's batch fetch of 10 or of 16 keys is the same statement. What the normalized
 * text keeps: identifiers (quoted ones exactly), keywords and operators, in order.
 */
public final class SqlText {

    /** What a literal or a parameter marker becomes. */
    private static final String VALUE = "?";

    private SqlText() {
    }

    /** The statement's normalized text: two statements are the same statement when theirs are equal. */
    public static String normalized(String sql) {
        final List<String> tokens = tokens(sql);
        while (!tokens.isEmpty() && tokens.get(tokens.size() - 1).equals(";")) {
            tokens.remove(tokens.size() - 1);
        }
        return String.join(" ", squashLists(tokens));
    }

    /** How many statements the text holds, as the driver sends them: separated by semicolons outside quotes. */
    public static int statements(String sql) {
        int statements = 0;
        boolean empty = true;
        int depth = 0;
        for (String token : tokens(sql)) {
            if (token.equals("(")) {
                depth++;
            } else if (token.equals(")")) {
                depth = Math.max(0, depth - 1);
            }
            if (token.equals(";") && depth == 0) {
                statements += empty ? 0 : 1;
                empty = true;
            } else {
                empty = false;
            }
        }
        return statements + (empty ? 0 : 1);
    }

    /** {@code IN (?, ?, ?)} as {@code IN (?...)}: a list of values is one value, whatever its length. */
    private static List<String> squashLists(List<String> tokens) {
        final List<String> squashed = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            final String token = tokens.get(i);
            squashed.add(token);
            if (token.equals("in") && i + 1 < tokens.size() && tokens.get(i + 1).equals("(")) {
                final int end = valueListEnd(tokens, i + 2);
                if (end > 0) {
                    squashed.add("(");
                    squashed.add(VALUE + "...");
                    squashed.add(")");
                    i = end;
                }
            }
        }
        return squashed;
    }

    /** The index of the {@code )} closing a list of values starting at {@code from}, or -1 when it is something else. */
    private static int valueListEnd(List<String> tokens, int from) {
        boolean expectValue = true;
        for (int i = from; i < tokens.size(); i++) {
            final String token = tokens.get(i);
            if (expectValue && token.equals(VALUE)) {
                expectValue = false;
            } else if (!expectValue && token.equals(",")) {
                expectValue = true;
            } else if (!expectValue && token.equals(")")) {
                return i;
            } else {
                return -1;
            }
        }
        return -1;
    }

    /** The text's tokens: literals and parameter markers as {@code ?}, unquoted words in lower case, comments gone. */
    static List<String> tokens(String sql) {
        final List<String> tokens = new ArrayList<>();
        final Scanner scanner = new Scanner(sql);
        while (scanner.more()) {
            final String token = scanner.next();
            if (token != null) {
                tokens.add(token);
            }
        }
        return tokens;
    }

    /** Reads one token at a time; {@code null} for what is not one (whitespace, a comment). */
    private static final class Scanner {

        private final String sql;
        private int at;

        Scanner(String sql) {
            this.sql = sql;
        }

        boolean more() {
            return at < sql.length();
        }

        String next() {
            final char c = sql.charAt(at);
            if (Character.isWhitespace(c)) {
                at++;
                return null;
            }
            if (startsWith("--")) {
                final int end = sql.indexOf('\n', at);
                at = end < 0 ? sql.length() : end + 1;
                return null;
            }
            if (startsWith("/*")) {
                skipBlockComment();
                return null;
            }
            if (c == '\'' || isStringPrefix()) {
                skipString();
                return VALUE;
            }
            if (c == '"') {
                return quotedIdentifier();
            }
            if (c == '$') {
                return dollar();
            }
            if (Character.isDigit(c) || c == '.' && at + 1 < sql.length() && Character.isDigit(sql.charAt(at + 1))) {
                skipNumber();
                return VALUE;
            }
            if (c == '?') {
                return questionMark();
            }
            if (Character.isLetter(c) || c == '_') {
                return word();
            }
            at++;
            return String.valueOf(c);
        }

        private boolean startsWith(String prefix) {
            return sql.startsWith(prefix, at);
        }

        /** {@code E'...'}, {@code B'...'}, {@code X'...'}, {@code N'...'} and {@code U&'...'} strings. */
        private boolean isStringPrefix() {
            final char c = Character.toUpperCase(sql.charAt(at));
            if ("EBXN".indexOf(c) >= 0 && at + 1 < sql.length() && sql.charAt(at + 1) == '\''
                    && (at == 0 || !isWordChar(sql.charAt(at - 1)))) {
                return true;
            }
            return c == 'U' && startsWith(sql.substring(at, at + 1) + "&'");
        }

        private void skipBlockComment() {
            int depth = 0;
            while (at < sql.length()) {
                if (startsWith("/*")) {
                    depth++;
                    at += 2;
                } else if (startsWith("*/")) {
                    depth--;
                    at += 2;
                    if (depth == 0) {
                        return;
                    }
                } else {
                    at++;
                }
            }
        }

        private void skipString() {
            final boolean escapes = Character.toUpperCase(sql.charAt(at)) == 'E';
            at = sql.indexOf('\'', at) + 1;
            while (at < sql.length()) {
                final char c = sql.charAt(at);
                if (escapes && c == '\\') {
                    at += 2;
                } else if (c == '\'' && at + 1 < sql.length() && sql.charAt(at + 1) == '\'') {
                    at += 2;
                } else {
                    at++;
                    if (c == '\'') {
                        return;
                    }
                }
            }
        }

        private String quotedIdentifier() {
            final int start = at;
            at++;
            while (at < sql.length()) {
                if (sql.charAt(at) == '"' && at + 1 < sql.length() && sql.charAt(at + 1) == '"') {
                    at += 2;
                } else if (sql.charAt(at++) == '"') {
                    break;
                }
            }
            return sql.substring(start, at);
        }

        /** {@code $1}, a parameter; {@code $tag$...$tag$}, a dollar-quoted string; else an operator character. */
        private String dollar() {
            int end = at + 1;
            while (end < sql.length() && Character.isDigit(sql.charAt(end))) {
                end++;
            }
            if (end > at + 1) {
                at = end;
                return VALUE;
            }
            while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
                end++;
            }
            if (end < sql.length() && sql.charAt(end) == '$') {
                final String tag = sql.substring(at, end + 1);
                final int close = sql.indexOf(tag, end + 1);
                at = close < 0 ? sql.length() : close + tag.length();
                return VALUE;
            }
            at++;
            return "$";
        }

        private void skipNumber() {
            if (startsWith("0x") || startsWith("0X") || startsWith("0o") || startsWith("0O") || startsWith("0b")
                    || startsWith("0B")) {
                at += 2;
            }
            while (at < sql.length()) {
                final char c = sql.charAt(at);
                final boolean exponentSign = (c == '+' || c == '-') && at > 0
                        && Character.toLowerCase(sql.charAt(at - 1)) == 'e';
                if (Character.isLetterOrDigit(c) || c == '.' || c == '_' || exponentSign) {
                    at++;
                } else {
                    return;
                }
            }
        }

        /** JDBC's parameter marker; {@code ??} is an escaped {@code ?} operator (jsonb's key test). */
        private String questionMark() {
            if (startsWith("??")) {
                at += 2;
                return "??";
            }
            at++;
            return VALUE;
        }

        private String word() {
            final int start = at;
            while (at < sql.length() && isWordChar(sql.charAt(at))) {
                at++;
            }
            return sql.substring(start, at).toLowerCase(Locale.ROOT);
        }

        private static boolean isWordChar(char c) {
            return Character.isLetterOrDigit(c) || c == '_' || c == '$';
        }
    }
}
