package dev.dbbench.workload;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;

/**
 * The product-catalog documents of EnterpriseDB's pg_nosql_benchmark (seed 000), generated
 * deterministically and bulk-loadable into a PostgreSQL jsonb table.
 *
 * <p>Document {@code i} is of kind {@code i % KINDS}; the kinds follow the benchmark's eleven
 * templates (two phones, a charger, three cases, a warranty, three phone plans, a cable package).
 * Only kind 1 has {@code "brand": "ACME"}, so the first {@code n} documents hold
 * {@code floor((n + 9) / 11)} of them: 9,091 of 100,000, as in the published run. Kind 0 has a brand
 * that starts with {@code ACME} and is never exactly {@code ACME}, so a prefix or pattern match
 * counts wrong; the other kinds have no brand, as in the original.
 */
public final class ProductCatalog {

    /** The number of document templates; document {@code i} is of kind {@code i % KINDS}. */
    public static final int KINDS = 11;

    /** The one kind whose brand is exactly {@code ACME}. */
    static final int ACME_KIND = 1;

    // Above PostgreSQL's TOAST threshold (about 2 KB per row), like the original's Lorem ipsum, so
    // the long kinds go through TOAST compression as they did in the benchmark.
    private static final int PARAGRAPH_TARGET_CHARS = 2_150;

    // Declared before PARAGRAPH because static initialisers run in textual order.
    private static final String[] FILLER_WORDS = {
        "amet", "brevis", "caelum", "dolor", "ergo", "ferre", "gravis", "habet", "ignis", "iuvat",
        "lapis", "lumen", "magna", "manet", "nocte", "novus", "omnia", "orbis", "pacem", "parvo",
        "quies", "quoque", "ratio", "ripae", "saepe", "silva", "tempus", "terra", "ultra", "umbra",
        "varius", "velox", "vitae", "aurum", "bonum", "certa", "dies", "domus", "fluvius", "fortis",
        "gaudet", "hortus", "ibidem", "lacus", "longe", "mare", "mensa", "mitis", "nubes", "nullam",
        "opus", "portus", "prope", "semper", "sidus", "tacet", "undique", "ventus", "verbum", "virtus",
        "acer", "alba", "animus", "arbor", "audax", "campus", "canit", "cursus", "dulce", "facilis",
        "fames", "flamma", "gelida", "iter", "labor", "litus", "mons", "murus", "nauta", "nemus",
        "oculus", "pluvia", "pontem", "quaerit", "regio", "rosa", "sapiens", "sonus", "stella", "tenax",
        "turris", "unda", "urbs", "vallis", "vesper", "vigil", "vinum", "vocat", "volat", "zephyrus",
    };

    private static final String PARAGRAPH = fillerParagraph(PARAGRAPH_TARGET_CHARS);

    // The original repeats its paragraph 1, 2 or 3 times depending on the template; repeating
    // (rather than extending) keeps the compressibility that shaped the published table size.
    private static final String DESCRIPTION_ONCE = PARAGRAPH;
    private static final String DESCRIPTION_TWICE = PARAGRAPH + " " + PARAGRAPH;
    private static final String DESCRIPTION_THRICE = DESCRIPTION_TWICE + " " + PARAGRAPH;

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*");

    private static final JsonFactory JSON = new JsonFactory();

    // COPY messages of this size amortise the per-message cost without holding much in memory.
    private static final int COPY_CHUNK_CHARS = 64 * 1024;

    private ProductCatalog() {}

    /** The compact JSON text of document number {@code index} (0-based). */
    public static String document(final int index) {
        requireNonNegative("index", index);
        final StringWriter text = new StringWriter(4 * 1024);
        try (JsonGenerator json = JSON.createGenerator(text)) {
            json.writeStartObject();
            writeKind(json, index % KINDS, index);
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render product document " + index, e);
        }
        return text.toString();
    }

    /** The first {@code count} documents, in order. */
    public static Stream<String> documents(final int count) {
        requireNonNegative("count", count);
        return IntStream.range(0, count).mapToObj(ProductCatalog::document);
    }

    /** How many of the first {@code count} documents have brand exactly {@code ACME}. */
    public static long acmeCount(final int count) {
        requireNonNegative("count", count);
        // Indexes below count that are congruent to ACME_KIND modulo KINDS; long avoids overflow near MAX_VALUE.
        return ((long) count + KINDS - 1 - ACME_KIND) / KINDS;
    }

    /**
     * Streams the first {@code count} documents into the jsonb column {@code data} of an existing
     * table with one {@code COPY ... FROM STDIN}; on failure the COPY is cancelled, so nothing is loaded.
     */
    public static void loadInto(final Connection connection, final String table, final int count)
            throws SQLException {
        requireNonNegative("count", count);
        final String copySql = copyStatement(table);
        Objects.requireNonNull(connection, "connection");
        final CopyManager copyApi = connection.unwrap(PGConnection.class).getCopyAPI();
        final CopyIn copy = copyApi.copyIn(copySql);
        try {
            final StringBuilder chunk = new StringBuilder(COPY_CHUNK_CHARS + 8 * 1024);
            for (int index = 0; index < count; index++) {
                appendCopyText(chunk, document(index));
                chunk.append('\n');
                if (chunk.length() >= COPY_CHUNK_CHARS) {
                    send(copy, chunk);
                }
            }
            send(copy, chunk);
            copy.endCopy();
        } catch (SQLException | RuntimeException e) {
            cancelKeepingCause(copy, e);
            throw e;
        }
    }

    /**
     * The seed's whole setup in one call: creates {@code table (data jsonb)}, loads the first
     * {@code count} documents, builds one GIN index on the column (named {@code <table>_idx}) and
     * runs ANALYZE, so plans and counters are stable from the first benchmark on.
     */
    public static void createIndexedTable(final Connection connection, final String table, final int count)
            throws SQLException {
        copyStatement(table);
        final String index = table.substring(table.lastIndexOf('.') + 1) + "_idx";
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE " + table + " (data jsonb)");
            loadInto(connection, table, count);
            statement.execute("CREATE INDEX " + index + " ON " + table + " USING gin (data)");
            statement.execute("ANALYZE " + table);
        }
    }

    /** The COPY statement for {@code table}, which must be a plain or schema-qualified identifier. */
    static String copyStatement(final String table) {
        if (!isPlainOrQualifiedIdentifier(table)) {
            throw new IllegalArgumentException("table must be a plain or schema-qualified SQL identifier"
                    + " (letters, digits, _ and $, not starting with a digit, optionally schema.table) but was "
                    + (table == null ? "null" : "'" + table + "'"));
        }
        return "COPY " + table + " (data) FROM STDIN";
    }

    /**
     * Appends {@code value} escaped for COPY's text format, where backslash starts an escape and tab,
     * newline and carriage return delimit columns and rows.
     */
    static void appendCopyText(final StringBuilder target, final String value) {
        for (int i = 0; i < value.length(); i++) {
            final char c = value.charAt(i);
            switch (c) {
                case '\\' -> target.append("\\\\");
                case '\t' -> target.append("\\t");
                case '\n' -> target.append("\\n");
                case '\r' -> target.append("\\r");
                default -> target.append(c);
            }
        }
    }

    private static boolean isPlainOrQualifiedIdentifier(final String table) {
        if (table == null) {
            return false;
        }
        final String[] parts = table.split("\\.", -1);
        if (parts.length > 2) {
            return false;
        }
        for (final String part : parts) {
            if (!IDENTIFIER.matcher(part).matches()) {
                return false;
            }
        }
        return true;
    }

    private static void send(final CopyIn copy, final StringBuilder chunk) throws SQLException {
        if (chunk.length() == 0) {
            return;
        }
        // The driver sets client_encoding to UTF8, so the server decodes these bytes as UTF-8.
        final byte[] bytes = chunk.toString().getBytes(StandardCharsets.UTF_8);
        copy.writeToCopy(bytes, 0, bytes.length);
        chunk.setLength(0);
    }

    private static void cancelKeepingCause(final CopyIn copy, final Exception cause) {
        try {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
        } catch (SQLException | RuntimeException cancelFailure) {
            cause.addSuppressed(cancelFailure);
        }
    }

    private static void requireNonNegative(final String argument, final int value) {
        if (value < 0) {
            throw new IllegalArgumentException(argument + " must be >= 0 but was " + value);
        }
    }

    private static void writeKind(final JsonGenerator json, final int kind, final int index) throws IOException {
        switch (kind) {
            case 0 -> {
                json.writeStringField("name", "AC3" + variant(index, 1) + " Phone");
                json.writeStringField("brand", "ACME" + variant(index, 2));
                json.writeStringField("type", "phone");
                json.writeNumberField("price", 200);
                json.writeNumberField("warranty_years", 1);
                json.writeBooleanField("available", true);
                json.writeStringField("description", DESCRIPTION_ONCE);
            }
            case ACME_KIND -> {
                json.writeStringField("name", "AC7" + variant(index, 1) + " Phone");
                json.writeStringField("brand", "ACME");
                json.writeStringField("type", "phone");
                json.writeNumberField("price", 320);
                json.writeNumberField("warranty_years", 1);
                json.writeBooleanField("available", false);
                json.writeStringField("description", DESCRIPTION_ONCE);
            }
            case 2 -> {
                json.writeStringField("name", "AC3" + variant(index, 1) + " Series Charger");
                writeStrings(json, "type", "accessory", "charger");
                json.writeNumberField("price", 19);
                json.writeNumberField("warranty_years", 0.25);
                writeStrings(json, "for", "ac3", "ac7", "ac9");
                json.writeStringField("description", DESCRIPTION_TWICE);
            }
            case 3 -> {
                json.writeStringField("name", "AC3" + variant(index, 1) + " Case Green");
                writeStrings(json, "type", "accessory", "case");
                json.writeStringField("color", "green");
                json.writeNumberField("price", 12);
                json.writeNumberField("warranty_years", 0);
                json.writeStringField("description", DESCRIPTION_ONCE);
            }
            case 4 -> {
                json.writeStringField("name", "Phone Extended Warranty");
                json.writeStringField("type", "warranty");
                json.writeNumberField("price", 38);
                json.writeNumberField("warranty_years", 2);
                writeStrings(json, "for", "ac3", "ac7", "ac9", "qp7", "qp8", "qp9");
                json.writeStringField("description", DESCRIPTION_THRICE);
            }
            case 5 -> {
                json.writeStringField("name", "AC3" + variant(index, 1) + " Case Black");
                writeStrings(json, "type", "accessory", "case");
                json.writeStringField("color", "black");
                json.writeNumberField("price", 12.5);
                json.writeNumberField("warranty_years", 0.25);
                json.writeBooleanField("available", false);
                json.writeStringField("for", "ac3");
                json.writeStringField("description", DESCRIPTION_ONCE);
            }
            case 6 -> {
                json.writeStringField("name", "AC3 Case Red");
                writeStrings(json, "type", "accessory", "case");
                json.writeStringField("color", "red");
                json.writeNumberField("price", 12);
                json.writeNumberField("warranty_years", 0.25);
                json.writeBooleanField("available", true);
                json.writeStringField("for", "ac3");
            }
            case 7 -> {
                json.writeStringField("name", "Phone Service Basic Plan" + variant(index, 1));
                json.writeStringField("type", "service" + variant(index, 2));
                json.writeNumberField("monthly_price", 40);
                json.writeObjectFieldStart("limits");
                writeLimit(json, "voice", "minutes", 400, 0.05);
                writeLimit(json, "data", "gigabytes", 20, 1);
                writeLimit(json, "sms", "texts sent", 100, 0.001);
                json.writeEndObject();
                json.writeNumberField("term_years", 2);
            }
            case 8 -> {
                json.writeStringField("name", "Phone Service Core Plan");
                json.writeStringField("type", "service" + variant(index, 2));
                json.writeNumberField("monthly_price", 60);
                writeUnlimitedLimits(json, 1000);
                json.writeNumberField("term_years", 1);
                json.writeStringField("description", DESCRIPTION_TWICE);
            }
            case 9 -> {
                json.writeStringField("name", "Phone Service Family Plan");
                json.writeStringField("type", "service");
                json.writeNumberField("monthly_price", 90);
                writeUnlimitedLimits(json, 1200);
                json.writeBooleanField("sales_tax", true);
                json.writeNumberField("term_years", 2);
            }
            case 10 -> {
                json.writeStringField("name", "Cable TV Basic Service Package");
                json.writeStringField("type", "tv");
                json.writeNumberField("monthly_price", 50);
                json.writeNumberField("term_years", 2);
                json.writeNumberField("cancel_penalty", 25);
                json.writeBooleanField("sales_tax", true);
                // Spelled as in the original templates, so queries written against them still match.
                json.writeArrayFieldStart("additional_tarriffs");
                json.writeStartObject();
                json.writeStringField("kind", "federal tarriff");
                json.writeObjectFieldStart("amount");
                json.writeNumberField("percent_of_service", 0.06);
                json.writeEndObject();
                json.writeEndObject();
                json.writeStartObject();
                json.writeStringField("kind", "misc tarriff");
                json.writeNumberField("amount", 2.25);
                json.writeEndObject();
                json.writeEndArray();
                json.writeStringField("description", DESCRIPTION_ONCE);
            }
            default -> throw new IllegalStateException("no product kind " + kind);
        }
    }

    private static void writeStrings(final JsonGenerator json, final String field, final String... values)
            throws IOException {
        json.writeArrayFieldStart(field);
        for (final String value : values) {
            json.writeString(value);
        }
        json.writeEndArray();
    }

    private static void writeLimit(final JsonGenerator json, final String service, final String units,
            final int included, final double overRate) throws IOException {
        json.writeObjectFieldStart(service);
        json.writeStringField("units", units);
        json.writeNumberField("n", included);
        writeRate(json, overRate);
        json.writeEndObject();
    }

    private static void writeUnlimitedLimits(final JsonGenerator json, final int voiceMinutes) throws IOException {
        json.writeObjectFieldStart("limits");
        writeLimit(json, "voice", "minutes", voiceMinutes, 0.05);
        for (final String service : new String[] {"data", "sms"}) {
            json.writeObjectFieldStart(service);
            json.writeStringField("n", "unlimited");
            json.writeNumberField("over_rate", 0);
            json.writeEndObject();
        }
        json.writeEndObject();
    }

    // Whole rates are written as integers ("over_rate":1), as in the original, not as 1.0.
    private static void writeRate(final JsonGenerator json, final double rate) throws IOException {
        if (rate == Math.rint(rate)) {
            json.writeNumberField("over_rate", (long) rate);
        } else {
            json.writeNumberField("over_rate", rate);
        }
    }

    /**
     * The per-row number in names, brands and plan types. The original drew {@code RANDOM / cycle +
     * cycle} (RANDOM in 0..32767, cycle = the template round, 0 counted as 1): widely spread in the
     * first rounds, close to the round number later. This keeps that shape with a hash of the
     * index instead of a random source, so the same index always yields the same number.
     */
    private static long variant(final int index, final int field) {
        final long cycle = Math.max(1, index / KINDS);
        final long draw = mix(((long) index << 8) | field) & 0x7FFF;
        return draw / cycle + cycle;
    }

    // SplitMix64's finalizer: a fixed, well-spread bijection, cheap enough to call per field.
    private static long mix(final long value) {
        long z = value + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * Lorem-ipsum-like prose of at least {@code targetChars} characters, ending with a full sentence.
     * It is word salad rather than one repeated phrase so that it compresses about as well as the
     * original text does, which keeps table and TOAST sizes comparable.
     */
    private static String fillerParagraph(final int targetChars) {
        final StringBuilder text = new StringBuilder(targetChars + 120);
        long draw = 0;
        while (text.length() < targetChars) {
            if (text.length() > 0) {
                text.append(' ');
            }
            final int words = 6 + (int) Long.remainderUnsigned(mix(draw++), 9);
            for (int w = 0; w < words; w++) {
                final String word = FILLER_WORDS[(int) Long.remainderUnsigned(mix(draw++), FILLER_WORDS.length)];
                if (w == 0) {
                    text.append(Character.toUpperCase(word.charAt(0))).append(word, 1, word.length());
                } else {
                    final boolean comma = w < words - 1 && Long.remainderUnsigned(mix(draw++), 7) == 0;
                    text.append(' ').append(word).append(comma ? "," : "");
                }
            }
            text.append('.');
        }
        return text.toString();
    }
}
