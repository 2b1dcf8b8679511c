package dev.dbbench.explain;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import dev.dbbench.api.DbBenchConfigurationException;

/**
 * A file of planner statistics exported from production: the {@code pg_restore_relation_stats} and
 * {@code pg_restore_attribute_stats} calls that {@code pg_dump --statistics-only} writes (or the export
 * query of docs/production-statistics.md). The file is read with PostgreSQL's own lexical rules
 * (string constants, {@code E''} escapes, dollar quoting, nested comments), and each call is taken
 * apart into its argument pairs: a name, and a literal value with at most a cast to one of the types
 * the restore functions take. Session settings, comments and psql's meta-commands around the calls
 * are left out; anything else (another statement, a nested call, an expression, an unknown type) makes
 * the file unusable, naming its line, before anything runs. Nothing of the file's text is ever sent
 * to the server: each call is run as dbbench's own prepared statement, its values bound as parameters
 * ({@link Call#sql()}, {@link Call#parameters()}).
 */
public final class StatisticsFile {

    private static final int SHOWN = 80;
    /** The types the restore functions' values come cast to, as pg_dump and the export query write them. */
    private static final Set<String> TYPES = Set.of("integer", "int", "int2", "int4", "int8", "smallint", "bigint",
            "real", "float4", "float8", "double precision", "boolean", "bool", "text", "real[]", "float4[]",
            "float8[]", "text[]", "smallint[]", "integer[]", "int2[]", "int4[]", "\"char\"");

    /** Which of the two functions a call restores with. */
    public enum Kind {
        RELATION, ATTRIBUTE
    }

    /**
     * One argument pair of a restore call: {@code 'relpages', '6623'::integer}.
     *
     * @param type the cast the value is given, lower case; empty for none (a text value)
     */
    public record Argument(String name, String value, Optional<String> type) {
    }

    /**
     * One restore call.
     *
     * @param arguments its argument pairs, in order
     * @param relation the table or index it names, schema-qualified
     * @param attribute the column an attribute call names; empty for a relation call
     * @param line the line of the file it starts on
     */
    public record Call(Kind kind, List<Argument> arguments, Relation relation, Optional<String> attribute, int line) {

        public Call {
            arguments = List.copyOf(arguments);
        }

        /** The call as a message names it: {@code public.orders} or {@code public.orders.customer_id}. */
        public String subject() {
            return relation + attribute.map(name -> "." + name).orElse("");
        }

        /** The statement that runs it: the function, each name and value a parameter, each value's cast. */
        public String sql() {
            return "SELECT pg_catalog.pg_restore_" + kind.name().toLowerCase(Locale.ROOT) + "_stats("
                    + arguments.stream().map(argument -> "?::text, ?" + argument.type().map(type -> "::" + type)
                            .orElse("::text")).collect(Collectors.joining(", ")) + ")";
        }

        /** The values of {@link #sql()}'s parameters, in order: each name, then its value. */
        public List<String> parameters() {
            final List<String> parameters = new ArrayList<>();
            arguments.forEach(argument -> {
                parameters.add(argument.name());
                parameters.add(argument.value());
            });
            return parameters;
        }

        Optional<String> value(String name) {
            return arguments.stream().filter(argument -> argument.name().equals(name)).map(Argument::value).findFirst();
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
        for (List<Token> statement : statements(name, text)) {
            final Statement parsed = new Statement(name, statement);
            if (parsed.isSetting()) {
                continue;
            }
            calls.add(parsed.call());
        }
        if (calls.isEmpty()) {
            throw new DbBenchConfigurationException("the statistics file " + name + " holds no call of"
                    + " pg_restore_relation_stats or pg_restore_attribute_stats: export it with pg_dump"
                    + " --statistics-only or the query in docs/production-statistics.md");
        }
        return new StatisticsFile(name, calls);
    }

    /** A lexical token: a word, a quoted identifier, a string or number constant, or a symbol. */
    record Token(Type type, String text, int line) {

        enum Type {
            WORD, IDENTIFIER, STRING, NUMBER, SYMBOL
        }

        boolean is(String symbol) {
            return (type == Type.SYMBOL || type == Type.WORD) && text.equalsIgnoreCase(symbol);
        }
    }

    /** The file's statements, split at semicolons outside constants, without comments and meta-commands. */
    static List<List<Token>> statements(String file, String text) {
        final List<List<Token>> statements = new ArrayList<>();
        List<Token> current = new ArrayList<>();
        final Lexer lexer = new Lexer(file, text);
        for (Token token = lexer.next(current.isEmpty()); token != null; token = lexer.next(current.isEmpty())) {
            if (token.is(";")) {
                if (!current.isEmpty()) {
                    statements.add(current);
                }
                current = new ArrayList<>();
            } else {
                current.add(token);
            }
        }
        if (!current.isEmpty()) {
            statements.add(current);
        }
        return statements;
    }

    /** PostgreSQL's lexical rules, as far as a statistics file needs them. */
    private static final class Lexer {

        private final String file;
        private final String text;
        private int at;
        private int line = 1;

        Lexer(String file, String text) {
            this.file = file;
            this.text = text;
        }

        /**
         * The next token; {@code null} at the end.
         *
         * @param statementStart whether no token of the current statement was read, where a backslash
         *     starts a psql meta-command, which runs to the end of its line
         */
        Token next(boolean statementStart) {
            while (at < text.length()) {
                final char c = text.charAt(at);
                if (c == '\n') {
                    line++;
                    at++;
                } else if (Character.isWhitespace(c)) {
                    at++;
                } else if (text.startsWith("--", at)) {
                    skipTo('\n');
                } else if (text.startsWith("/*", at)) {
                    blockComment();
                } else if (c == '\\' && statementStart) {
                    skipTo('\n');
                } else {
                    return token(c);
                }
            }
            return null;
        }

        private Token token(char c) {
            final int startLine = line;
            if ((c == 'E' || c == 'e') && at + 1 < text.length() && text.charAt(at + 1) == '\'') {
                at++;
                return new Token(Token.Type.STRING, quoted('\'', true), startLine);
            }
            if (c == '\'') {
                return new Token(Token.Type.STRING, quoted('\'', false), startLine);
            }
            if (c == '"') {
                return new Token(Token.Type.IDENTIFIER, quoted('"', false), startLine);
            }
            if (c == '$' && dollarTag().isPresent()) {
                return new Token(Token.Type.STRING, dollarQuoted(dollarTag().get()), startLine);
            }
            if (Character.isDigit(c) || c == '.' && at + 1 < text.length() && Character.isDigit(text.charAt(at + 1))) {
                final int start = at;
                while (at < text.length() && (Character.isLetterOrDigit(text.charAt(at)) || text.charAt(at) == '.'
                        || (text.charAt(at) == '+' || text.charAt(at) == '-') && "eE".indexOf(text.charAt(at - 1)) >= 0)) {
                    at++;
                }
                return new Token(Token.Type.NUMBER, text.substring(start, at), startLine);
            }
            if (Character.isLetter(c) || c == '_') {
                final int start = at;
                while (at < text.length() && (Character.isLetterOrDigit(text.charAt(at)) || text.charAt(at) == '_'
                        || text.charAt(at) == '$')) {
                    at++;
                }
                return new Token(Token.Type.WORD, text.substring(start, at), startLine);
            }
            if (text.startsWith("::", at)) {
                at += 2;
                return new Token(Token.Type.SYMBOL, "::", startLine);
            }
            at++;
            return new Token(Token.Type.SYMBOL, String.valueOf(c), startLine);
        }

        private void skipTo(char end) {
            final int found = text.indexOf(end, at);
            at = found < 0 ? text.length() : found;
        }

        /** A block comment, nested ones included, as PostgreSQL nests them. */
        private void blockComment() {
            int depth = 0;
            while (at < text.length()) {
                if (text.startsWith("/*", at)) {
                    depth++;
                    at += 2;
                } else if (text.startsWith("*/", at)) {
                    depth--;
                    at += 2;
                    if (depth == 0) {
                        return;
                    }
                } else {
                    if (text.charAt(at) == '\n') {
                        line++;
                    }
                    at++;
                }
            }
        }

        /** A constant's value: doubled quotes are one, and in an {@code E''} constant backslash escapes. */
        private String quoted(char quote, boolean escapes) {
            final StringBuilder value = new StringBuilder();
            at++;
            while (at < text.length()) {
                final char c = text.charAt(at);
                if (escapes && c == '\\' && at + 1 < text.length()) {
                    value.append(escaped(text.charAt(at + 1)));
                    at += 2;
                } else if (c == quote && at + 1 < text.length() && text.charAt(at + 1) == quote) {
                    value.append(quote);
                    at += 2;
                } else if (c == quote) {
                    at++;
                    return value.toString();
                } else {
                    if (c == '\n') {
                        line++;
                    }
                    value.append(c);
                    at++;
                }
            }
            throw unusable(line, "a quoted constant that never ends");
        }

        private String escaped(char c) {
            return switch (c) {
                case 'n' -> "\n";
                case 't' -> "\t";
                case 'r' -> "\r";
                case 'b' -> "\b";
                case 'f' -> "\f";
                default -> {
                    if (Character.isDigit(c) || c == 'x' || c == 'u' || c == 'U') {
                        throw unusable(line, "an E'' constant with an octal, hexadecimal or Unicode escape, which"
                                + " no export writes");
                    }
                    yield String.valueOf(c);
                }
            };
        }

        /** The tag of a dollar quote starting here, {@code $$} or {@code $tag$}. */
        private Optional<String> dollarTag() {
            int end = at + 1;
            while (end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) {
                end++;
            }
            return end < text.length() && text.charAt(end) == '$' && (end == at + 1
                    || !Character.isDigit(text.charAt(at + 1))) ? Optional.of(text.substring(at, end + 1)) : Optional.empty();
        }

        private String dollarQuoted(String tag) {
            final int start = at + tag.length();
            final int end = text.indexOf(tag, start);
            if (end < 0) {
                throw unusable(line, "a dollar-quoted constant that never ends");
            }
            final String value = text.substring(start, end);
            line += (int) value.chars().filter(ch -> ch == '\n').count();
            at = end + tag.length();
            return value;
        }

        private DbBenchConfigurationException unusable(int where, String what) {
            return StatisticsFile.unusable(file, where, what);
        }
    }

    /** One statement, taken apart as a restore call or recognized as a session setting. */
    private static final class Statement {

        private final String file;
        private final List<Token> tokens;
        private int at;

        Statement(String file, List<Token> tokens) {
            this.file = file;
            this.tokens = tokens;
        }

        /**
         * {@code SET name = value}, {@code SET name TO value}, or {@code SELECT [pg_catalog.]set_config('name',
         * 'value', false)}: what a dump sets around the calls, left out.
         */
        boolean isSetting() {
            if (tokens.get(0).is("SET")) {
                return tokens.size() >= 4 && tokens.get(1).type() == Token.Type.WORD
                        && (tokens.get(2).is("=") || tokens.get(2).is("TO"))
                        && tokens.subList(3, tokens.size()).stream().allMatch(token -> token.type() != Token.Type.SYMBOL
                                || token.is(","));
            }
            at = 0;
            if (!accept("SELECT")) {
                return false;
            }
            qualified();
            if (!accept("set_config") || !accept("(")) {
                return false;
            }
            return literal() && accept(",") && literal() && accept(",") && (accept("false") || accept("true"))
                    && accept(")") && at == tokens.size();
        }

        Call call() {
            at = 0;
            expect("SELECT", "a statement that restores no statistics");
            if (accept("*")) {
                expect("FROM", "a SELECT * without FROM");
            }
            qualified();
            final Token function = take("the function's name");
            final Kind kind = function.is("pg_restore_relation_stats") ? Kind.RELATION
                    : function.is("pg_restore_attribute_stats") ? Kind.ATTRIBUTE : null;
            if (kind == null) {
                throw unusable("a call of " + function.text() + ", not of pg_restore_relation_stats or"
                        + " pg_restore_attribute_stats");
            }
            expect("(", "a call without its argument list");
            final List<Argument> arguments = new ArrayList<>();
            do {
                final Token name = take("an argument's name");
                if (name.type() != Token.Type.STRING) {
                    throw unusable("an argument name that is not a string constant: " + name.text());
                }
                expect(",", "an argument name without its value");
                final Token value = take("an argument's value");
                if (value.type() != Token.Type.STRING && value.type() != Token.Type.NUMBER) {
                    throw unusable("the value of '" + name.text() + "' is not a constant but " + value.text()
                            + " (only constants, each cast at most to a type the restore functions take, run)");
                }
                arguments.add(new Argument(name.text(), value.text(), accept("::") ? Optional.of(type(name)) : Optional.empty()));
            } while (accept(","));
            expect(")", "a call whose arguments do not end where they should");
            if (at != tokens.size()) {
                throw unusable("more after the call's closing parenthesis: " + tokens.get(at).text());
            }
            final Call draft = new Call(kind, arguments, new Relation("", ""), Optional.empty(), tokens.get(0).line());
            final Relation relation = new Relation(required(draft, "schemaname"), required(draft, "relname"));
            return new Call(kind, arguments, relation, kind == Kind.ATTRIBUTE
                    ? Optional.of(draft.value("attname").orElse("attnum " + draft.value("attnum").orElse("?")))
                    : Optional.empty(), draft.line());
        }

        /** A cast's type, one of {@link #TYPES}. */
        private String type(Token name) {
            final StringBuilder type = new StringBuilder();
            final Token first = take("a cast's type");
            type.append(first.type() == Token.Type.IDENTIFIER ? "\"" + first.text() + "\"" : first.text()
                    .toLowerCase(Locale.ROOT));
            if (first.is("double") && accept("precision")) {
                type.append(" precision");
            }
            if (accept("[")) {
                expect("]", "an array type without its closing bracket");
                type.append("[]");
            }
            if (!TYPES.contains(type.toString())) {
                throw unusable("the value of '" + name.text() + "' is cast to " + type + ", which is not a type the"
                        + " restore functions take");
            }
            return type.toString();
        }

        private String required(Call call, String argument) {
            return call.value(argument).orElseThrow(() -> unusable("a call without its '" + argument + "' argument;"
                    + " PostgreSQL 18 names the relation by 'schemaname' and 'relname'"));
        }

        /** An optional {@code pg_catalog.} before a function's name. */
        private void qualified() {
            if (at + 1 < tokens.size() && tokens.get(at).is("pg_catalog") && tokens.get(at + 1).is(".")) {
                at += 2;
            }
        }

        private boolean literal() {
            if (at < tokens.size() && tokens.get(at).type() == Token.Type.STRING) {
                at++;
                return true;
            }
            return false;
        }

        private boolean accept(String word) {
            if (at < tokens.size() && tokens.get(at).is(word)) {
                at++;
                return true;
            }
            return false;
        }

        private void expect(String word, String otherwise) {
            if (!accept(word)) {
                throw unusable(otherwise);
            }
        }

        private Token take(String what) {
            if (at >= tokens.size()) {
                throw unusable("a statement that ends before " + what);
            }
            return tokens.get(at++);
        }

        private DbBenchConfigurationException unusable(String what) {
            final int line = tokens.get(Math.min(at, tokens.size() - 1)).line();
            return StatisticsFile.unusable(file, line, what + ": \"" + shown(tokens) + "\"");
        }
    }

    private static DbBenchConfigurationException unusable(String file, int line, String what) {
        return new DbBenchConfigurationException("the statistics file " + file + ", line " + line + ", holds " + what
                + ". Nothing of it ran: a statistics file may hold only calls of pg_restore_relation_stats and"
                + " pg_restore_attribute_stats whose arguments are constants (and the settings pg_dump writes"
                + " around them); export it with pg_dump --statistics-only or the query in"
                + " docs/production-statistics.md");
    }

    private static String shown(List<Token> tokens) {
        final String line = tokens.stream().map(token -> switch (token.type()) {
            case STRING -> "'" + token.text().replace("'", "''") + "'";
            case IDENTIFIER -> "\"" + token.text() + "\"";
            default -> token.text();
        }).collect(Collectors.joining(" "));
        return line.length() <= SHOWN ? line : line.substring(0, SHOWN) + "...";
    }
}
