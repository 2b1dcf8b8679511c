package dev.dbbench.workload;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * Seed 001's documents ("MongoDB at hundreds of millions of documents"): one kilobyte each, with two
 * indexed numbers and an indexed date, generated from {@code (seed, index)} and loadable into
 * PostgreSQL in two layouts; {@link KilobyteDocumentsMongo} loads the same documents into MongoDB.
 *
 * <p>Document {@code i} has {@code id = i}, {@code number = i / 10}, {@code number1 = i / 1000} and a
 * date {@code i} seconds (plus under a second of jitter) after {@link #FIRST_DATE}, so dates rise
 * strictly with the index. The numbers are independent of the seed, which makes every query's answer
 * known at any size: among the first {@code count} documents, each {@code number} below
 * {@code count / 10} matches exactly 10 documents and each {@code number1} below {@code count / 1000}
 * exactly 1,000. The seed only varies the name, the filler text and the date's jitter. Documents
 * with equal numbers are loaded one after the other, so they sit next to each other on disk, as in an
 * append-only log: the ten matches of a number share one or two pages.
 *
 * <p>As BSON, every document is exactly {@link #BSON_BYTES} bytes (the seed's average object size
 * was 1024.000001); as PostgreSQL jsonb text or a row of plain columns it is about as large.
 *
 * @param seed varies names, filler and date jitter; any value
 * @param count how many documents are loaded (ids {@code 0 .. count-1}); later ids are for inserts
 */
public record KilobyteDocuments(long seed, long count) {

    /** Documents per value of {@code number}: an equality query on it returns this many. */
    public static final int DOCS_PER_NUMBER = 10;

    /** Documents per value of {@code number1}: the sorted page's filter matches this many. */
    public static final int DOCS_PER_NUMBER1 = 1_000;

    /** The sorted page skips this many documents (seed 001's skip). */
    public static final int PAGE_SKIP = 100;

    /** The sorted page returns this many documents. */
    public static final int PAGE_LIMIT = 10;

    /** The unfiltered query returns this many documents. */
    public static final int UNFILTERED_LIMIT = 100;

    /** The date of document 0; document {@code i} is about {@code i} seconds later. */
    public static final Instant FIRST_DATE = Instant.parse("2011-03-01T00:00:00Z");

    /** The BSON size of every document: {@code _id} (int64), the two int32 numbers, the date, name and filler. */
    public static final int BSON_BYTES = 1_024;

    /** The name of the jsonb layout's table. */
    public static final String JSONB_TABLE = "docs_jsonb";

    /** The name of the plain-column layout's table. */
    public static final String COLUMNS_TABLE = "docs_columns";

    private static final int NAME_CHARS = 12;

    // BSON: 4 (length) + 13 (_id) + 12 (number) + 13 (number1) + 14 (date) + 11 + name (name)
    // + 13 + filler (filler) + 1 (terminator) = 81 + name + filler bytes.
    private static final int FILLER_CHARS = BSON_BYTES - 81 - NAME_CHARS;

    private static final long STREAM_NAME = 1;
    private static final long STREAM_DATE = 2;
    private static final long STREAM_FILLER = 3;
    private static final long STREAM_SAMPLE_NUMBER = 4;
    private static final long STREAM_SAMPLE_NUMBER1 = 5;

    // 64 words, so one 64-bit draw picks ten of them.
    private static final String[] WORDS = {
        "amet", "brevis", "caelum", "dolor", "ergo", "ferre", "gravis", "habet",
        "ignis", "iuvat", "lapis", "lumen", "magna", "manet", "nocte", "novus",
        "omnia", "orbis", "pacem", "parvo", "quies", "quoque", "ratio", "ripae",
        "saepe", "silva", "tempus", "terra", "ultra", "umbra", "varius", "velox",
        "vitae", "aurum", "bonum", "certa", "dies", "domus", "fluvius", "fortis",
        "gaudet", "hortus", "ibidem", "lacus", "longe", "mare", "mensa", "mitis",
        "nubes", "nullam", "opus", "portus", "prope", "semper", "sidus", "tacet",
        "undique", "ventus", "verbum", "virtus", "acer", "alba", "animus", "arbor",
    };

    // Fixed width, so that in jsonb the dates sort as text in time order and an index on the text serves ORDER BY.
    private static final DateTimeFormatter DATE_TEXT =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    /** Indexes stay below this, so that {@code number} fits a 32-bit int (over 21 billion documents). */
    public static final long INDEX_LIMIT = DOCS_PER_NUMBER * (Integer.MAX_VALUE + 1L);

    public KilobyteDocuments {
        if (count < 0 || count > INDEX_LIMIT) {
            throw new IllegalArgumentException("count must be in [0, " + INDEX_LIMIT + "] but was " + count);
        }
    }

    /** One generated document. */
    public record Doc(long id, int number, int number1, Instant date, String name, String filler) {

        /** The date as fixed-width ISO-8601 text in UTC with milliseconds, as stored in jsonb. */
        public String dateText() {
            return DATE_TEXT.format(date);
        }

        /** The jsonb layout's {@code data}: every field but the id, as compact JSON. */
        public String json() {
            // Names and filler are ASCII letters, digits, '-' and spaces: nothing to escape.
            return new StringBuilder(FILLER_CHARS + 128)
                    .append("{\"number\":").append(number)
                    .append(",\"number1\":").append(number1)
                    .append(",\"date\":\"").append(dateText())
                    .append("\",\"name\":\"").append(name)
                    .append("\",\"filler\":\"").append(filler)
                    .append("\"}").toString();
        }
    }

    /** The PostgreSQL table layouts of the documents; index names are the table's name plus {@code _number}, {@code _number1} and {@code _date}. */
    public enum Layout {

        /** {@code docs_jsonb (id bigint PRIMARY KEY, data jsonb)}, indexed on expressions over {@code data}. */
        JSONB(JSONB_TABLE,
                "id bigint PRIMARY KEY, data jsonb NOT NULL",
                "id, data",
                List.of("(((data->>'number')::int))", "(((data->>'number1')::int))", "((data->>'date') DESC)"),
                "SELECT id, data FROM docs_jsonb WHERE (data->>'number')::int = ?",
                "SELECT data->>'name', data->>'date' FROM docs_jsonb"
                        + " WHERE (data->>'number')::int = ? AND (data->>'number1')::int = ?",
                "SELECT id, data FROM docs_jsonb WHERE (data->>'number1')::int = ?"
                        + " ORDER BY data->>'date' DESC OFFSET " + PAGE_SKIP + " LIMIT " + PAGE_LIMIT,
                "SELECT id, data FROM docs_jsonb LIMIT " + UNFILTERED_LIMIT,
                "INSERT INTO docs_jsonb (id, data) VALUES (?, CAST(? AS jsonb))"),

        /** {@code docs_columns (id bigint PRIMARY KEY, number int, number1 int, date timestamptz, name text, filler text)}. */
        COLUMNS(COLUMNS_TABLE,
                "id bigint PRIMARY KEY, number int NOT NULL, number1 int NOT NULL, date timestamptz NOT NULL,"
                        + " name text NOT NULL, filler text NOT NULL",
                "id, number, number1, date, name, filler",
                List.of("(number)", "(number1)", "(date DESC)"),
                "SELECT id, number, number1, date, name, filler FROM docs_columns WHERE number = ?",
                "SELECT name, date FROM docs_columns WHERE number = ? AND number1 = ?",
                "SELECT id, number, number1, date, name, filler FROM docs_columns WHERE number1 = ?"
                        + " ORDER BY date DESC OFFSET " + PAGE_SKIP + " LIMIT " + PAGE_LIMIT,
                "SELECT id, number, number1, date, name, filler FROM docs_columns LIMIT " + UNFILTERED_LIMIT,
                "INSERT INTO docs_columns (id, number, number1, date, name, filler) VALUES (?, ?, ?, ?, ?, ?)");

        private static final List<String> INDEX_SUFFIXES = List.of("_number", "_number1", "_date");

        private final String table;
        private final String columnDefinitions;
        private final String columnList;
        private final List<String> indexKeys;
        private final String byNumberSql;
        private final String byNumbersSql;
        private final String sortedPageSql;
        private final String unfilteredSql;
        private final String insertSql;

        Layout(final String table, final String columnDefinitions, final String columnList,
                final List<String> indexKeys, final String byNumberSql, final String byNumbersSql,
                final String sortedPageSql, final String unfilteredSql, final String insertSql) {
            this.table = table;
            this.columnDefinitions = columnDefinitions;
            this.columnList = columnList;
            this.indexKeys = indexKeys;
            this.byNumberSql = byNumberSql;
            this.byNumbersSql = byNumbersSql;
            this.sortedPageSql = sortedPageSql;
            this.unfilteredSql = unfilteredSql;
            this.insertSql = insertSql;
        }

        /** The table's name. */
        public String table() {
            return table;
        }

        /** {@code CREATE TABLE}, with the primary key on {@code id} (MongoDB's {@code _id} index). */
        public String createTableSql() {
            return "CREATE TABLE " + table + " (" + columnDefinitions + ")";
        }

        /** One {@code CREATE INDEX} each on {@code number}, {@code number1} and {@code date} (descending). */
        public List<String> createIndexSql() {
            final List<String> statements = new ArrayList<>(indexKeys.size());
            for (int i = 0; i < indexKeys.size(); i++) {
                statements.add("CREATE INDEX " + table + INDEX_SUFFIXES.get(i) + " ON " + table + " " + indexKeys.get(i));
            }
            return statements;
        }

        /** The indexed query on one number; parameter {@code number}; returns {@value KilobyteDocuments#DOCS_PER_NUMBER} whole documents. */
        public String byNumberSql() {
            return byNumberSql;
        }

        /**
         * The query on both numbers returning two small fields (name and date, about 20 bytes); parameters
         * {@code number} and {@code number1ForNumber(number)}; returns {@value KilobyteDocuments#DOCS_PER_NUMBER} rows.
         */
        public String byNumbersSql() {
            return byNumbersSql;
        }

        /**
         * The indexed query on {@code number1}, sorted by date descending, skipping {@value KilobyteDocuments#PAGE_SKIP} and
         * returning {@value KilobyteDocuments#PAGE_LIMIT} whole documents; parameter {@code number1}.
         */
        public String sortedPageSql() {
            return sortedPageSql;
        }

        /** {@value KilobyteDocuments#UNFILTERED_LIMIT} whole documents without a filter or an order. */
        public String unfilteredSql() {
            return unfilteredSql;
        }

        /** An insert of one document; bind it with {@link #bindInsert}. */
        public String insertSql() {
            return insertSql;
        }

        /** Sets the parameters of {@link #insertSql()} to {@code doc}'s values. */
        public void bindInsert(final PreparedStatement insert, final Doc doc) throws SQLException {
            insert.setLong(1, doc.id());
            if (this == JSONB) {
                insert.setString(2, doc.json());
                return;
            }
            insert.setInt(2, doc.number());
            insert.setInt(3, doc.number1());
            insert.setObject(4, OffsetDateTime.ofInstant(doc.date(), ZoneOffset.UTC));
            insert.setString(5, doc.name());
            insert.setString(6, doc.filler());
        }

        String copySql() {
            return "COPY " + table + " (" + columnList + ") FROM STDIN";
        }

        long appendCopyRow(final Doc doc, final StringBuilder out) {
            out.append(doc.id()).append('\t');
            if (this == JSONB) {
                ProductCatalog.appendCopyText(out, doc.json());
            } else {
                out.append(doc.number()).append('\t').append(doc.number1()).append('\t')
                        .append(doc.dateText()).append('\t').append(doc.name()).append('\t').append(doc.filler());
            }
            out.append('\n');
            return 1;
        }
    }

    /** Document {@code index}, which may lie beyond {@code count} (documents to insert). */
    public Doc document(final long index) {
        if (index < 0 || index >= INDEX_LIMIT) {
            throw new IllegalArgumentException("index must be in [0, " + INDEX_LIMIT + ") but was " + index);
        }
        final Instant date = FIRST_DATE.plusSeconds(index).plusMillis(Mix.below(seed, STREAM_DATE, index, 1_000));
        return new Doc(index, number(index), number1(index), date, name(index), filler(index));
    }

    /** Documents {@code from .. to-1}; ids from {@code count} on are free for inserts. */
    public Stream<Doc> documents(final long from, final long to) {
        if (from < 0 || to < from || to > INDEX_LIMIT) {
            throw new IllegalArgumentException("need 0 <= from <= to <= " + INDEX_LIMIT + " but from was " + from
                    + " and to " + to);
        }
        return LongStream.range(from, to).mapToObj(this::document);
    }

    /** The {@code number} of document {@code index}. */
    public static int number(final long index) {
        return Math.toIntExact(index / DOCS_PER_NUMBER);
    }

    /** The {@code number1} of document {@code index}. */
    public static int number1(final long index) {
        return Math.toIntExact(index / DOCS_PER_NUMBER1);
    }

    /** The {@code number1} that the documents with {@code number} have, for the two-number query. */
    public static int number1ForNumber(final int number) {
        return number / (DOCS_PER_NUMBER1 / DOCS_PER_NUMBER);
    }

    /**
     * The {@code number} to query in sample {@code sample}: spread over the loaded documents and
     * matching exactly {@value KilobyteDocuments#DOCS_PER_NUMBER} of them. Needs {@code count >= 10}.
     */
    public int sampleNumber(final int sample) {
        final long numbers = count / DOCS_PER_NUMBER;
        if (numbers == 0) {
            throw new IllegalStateException("sampleNumber needs count >= " + DOCS_PER_NUMBER + " but count was " + count);
        }
        return Math.toIntExact(Mix.below(seed, STREAM_SAMPLE_NUMBER, sample, numbers));
    }

    /**
     * The {@code number1} to query in sample {@code sample}: spread over the loaded documents and
     * matching exactly {@value KilobyteDocuments#DOCS_PER_NUMBER1} of them. Needs {@code count >= 1000}.
     */
    public int sampleNumber1(final int sample) {
        final long numbers = count / DOCS_PER_NUMBER1;
        if (numbers == 0) {
            throw new IllegalStateException("sampleNumber1 needs count >= " + DOCS_PER_NUMBER1 + " but count was " + count);
        }
        return Math.toIntExact(Mix.below(seed, STREAM_SAMPLE_NUMBER1, sample, numbers));
    }

    /**
     * The ids the sorted page returns for a {@code number1} below {@code count / 1000}, in order: dates
     * rise with the id, so the newest first, after skipping the newest {@value KilobyteDocuments#PAGE_SKIP}.
     */
    public static List<Long> sortedPageIds(final int number1) {
        final long newest = (long) number1 * DOCS_PER_NUMBER1 + DOCS_PER_NUMBER1 - 1;
        final List<Long> ids = new ArrayList<>(PAGE_LIMIT);
        for (int i = 0; i < PAGE_LIMIT; i++) {
            ids.add(newest - PAGE_SKIP - i);
        }
        return ids;
    }

    /** Creates the layout's table without secondary indexes. */
    public void createTable(final Connection connection, final Layout layout) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(layout.createTableSql());
        }
    }

    /**
     * Streams documents {@code 0 .. count-1} into the layout's existing table with one COPY; on failure the
     * COPY is cancelled, so nothing is loaded.
     */
    public void copyInto(final Connection connection, final Layout layout) throws SQLException {
        Objects.requireNonNull(layout, "layout");
        CopyStream.copy(connection, layout.copySql(), count,
                (index, out) -> layout.appendCopyRow(document(index), out),
                Progress.toStandardOutput("loading kilobyte documents into " + layout.table(), count));
    }

    /** Builds the layout's indexes on {@code number}, {@code number1} and {@code date} (descending). */
    public void createIndexes(final Connection connection, final Layout layout) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (final String sql : layout.createIndexSql()) {
                statement.execute(sql);
            }
        }
    }

    /** The whole setup in one call: table, COPY of {@code count} documents, indexes, ANALYZE. */
    public void createIndexedTable(final Connection connection, final Layout layout) throws SQLException {
        createTable(connection, layout);
        copyInto(connection, layout);
        createIndexes(connection, layout);
        try (Statement statement = connection.createStatement()) {
            statement.execute("ANALYZE " + layout.table());
        }
    }

    private String name(final long index) {
        final String hex = Long.toHexString(Mix.hash(seed, STREAM_NAME, index) & 0xFFFF_FFFFL);
        return "doc-" + "0".repeat(NAME_CHARS - 4 - hex.length()) + hex;
    }

    private String filler(final long index) {
        final StringBuilder text = new StringBuilder(FILLER_CHARS + 16);
        long draw = Mix.hash(seed, STREAM_FILLER, index);
        int wordsLeftInDraw = 10;
        while (text.length() < FILLER_CHARS) {
            if (wordsLeftInDraw == 0) {
                draw = Mix.mix(draw);
                wordsLeftInDraw = 10;
            }
            if (text.length() > 0) {
                text.append(' ');
            }
            text.append(WORDS[(int) (draw & 63)]);
            draw >>>= 6;
            wordsLeftInDraw--;
        }
        text.setLength(FILLER_CHARS);
        return text.toString();
    }
}
