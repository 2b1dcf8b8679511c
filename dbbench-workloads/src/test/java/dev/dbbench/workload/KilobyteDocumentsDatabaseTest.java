package dev.dbbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import dev.dbbench.workload.KilobyteDocuments.Doc;
import dev.dbbench.workload.KilobyteDocuments.Layout;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Seed 001's queries return what {@link KilobyteDocuments} promises, on PostgreSQL in both layouts and on the MongoDB emulator. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KilobyteDocumentsDatabaseTest {

    private static final int COUNT = 5_000;
    private static final int SAMPLES = 5;

    private final KilobyteDocuments documents = new KilobyteDocuments(7, COUNT);
    private TestPostgres postgres;
    private Connection connection;
    private TestMongo mongo;
    private MongoDatabase mongoDatabase;
    private MongoCollection<Document> collection;

    @BeforeAll
    void load() throws Exception {
        postgres = TestPostgres.start();
        connection = postgres.connect();
        for (final Layout layout : Layout.values()) {
            documents.createIndexedTable(connection, layout);
        }
        mongo = TestMongo.start();
        mongoDatabase = mongo.database("seed001");
        collection = mongoDatabase.getCollection("docs");
        KilobyteDocumentsMongo.loadInto(collection, documents);
        KilobyteDocumentsMongo.createIndexes(collection);
    }

    @AfterAll
    void stop() throws Exception {
        try (TestPostgres closingPostgres = postgres; TestMongo closingMongo = mongo) {
            connection.close();
        }
    }

    @Test
    void everyDocumentIsLoaded() throws Exception {
        for (final Layout layout : Layout.values()) {
            assertThat(TestPostgres.scalar(connection, "SELECT count(*) FROM " + layout.table())).isEqualTo(COUNT);
            assertThat(TestPostgres.rows(connection, "SELECT * FROM " + layout.table() + " WHERE id = 1234").get(0).toString())
                    .contains(documents.document(1234).filler(), documents.document(1234).name());
        }
    }

    @Test
    void theNumberQueryReturnsTheTenDocumentsWithThatNumberThroughItsIndex() throws Exception {
        for (final Layout layout : Layout.values()) {
            for (int sample = 0; sample < SAMPLES; sample++) {
                final int number = documents.sampleNumber(sample);
                final List<Long> ids = new ArrayList<>();
                for (final List<Object> row : TestPostgres.rows(connection, layout.byNumberSql(), number)) {
                    ids.add((Long) row.get(0));
                }
                assertThat(ids).containsExactlyInAnyOrderElementsOf(
                        LongStream.range(number * 10L, number * 10L + 10).boxed().toList());
            }
            assertThat(plan(layout.byNumberSql().replace("?", "42"))).contains(layout.table() + "_number ");
        }
    }

    @Test
    void theTwoNumberQueryReturnsTenNamesAndDates() throws Exception {
        for (final Layout layout : Layout.values()) {
            final int number = documents.sampleNumber(3);
            final List<List<Object>> rows = TestPostgres.rows(connection, layout.byNumbersSql(), number,
                    KilobyteDocuments.number1ForNumber(number));
            assertThat(rows).hasSize(10).allSatisfy(row -> assertThat(row).hasSize(2));
            final List<String> names = rows.stream().map(row -> (String) row.get(0)).toList();
            assertThat(names).containsExactlyInAnyOrderElementsOf(
                    documents.documents(number * 10L, number * 10L + 10).map(Doc::name).toList());
        }
    }

    @Test
    void theSortedPageSkipsTheHundredNewestAndReturnsTheNextTen() throws Exception {
        for (final Layout layout : Layout.values()) {
            for (int number1 = 0; number1 < COUNT / KilobyteDocuments.DOCS_PER_NUMBER1; number1++) {
                final List<Long> ids = TestPostgres.rows(connection, layout.sortedPageSql(), number1).stream()
                        .map(row -> (Long) row.get(0)).toList();
                assertThat(ids).isEqualTo(KilobyteDocuments.sortedPageIds(number1));
            }
        }
    }

    @Test
    void theUnfilteredQueryReturnsAHundredDocuments() throws Exception {
        for (final Layout layout : Layout.values()) {
            assertThat(TestPostgres.rows(connection, layout.unfilteredSql())).hasSize(100);
        }
    }

    @Test
    void documentsPastTheLoadedOnesInsertOneByOneAndInABatch() throws Exception {
        for (final Layout layout : Layout.values()) {
            // Other tests read the loaded documents; these inserts go into a copy of the table's layout.
            final String copy = layout.table() + "_inserts";
            try (Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE " + copy + " (LIKE " + layout.table() + " INCLUDING ALL)");
            }
            try (PreparedStatement insert = connection.prepareStatement(layout.insertSql().replace(layout.table(), copy))) {
                layout.bindInsert(insert, documents.document(COUNT));
                assertThat(insert.executeUpdate()).isEqualTo(1);
                for (final Doc doc : documents.documents(COUNT + 1, COUNT + 101).toList()) {
                    layout.bindInsert(insert, doc);
                    insert.addBatch();
                }
                assertThat(insert.executeBatch()).hasSize(100);
            }
            assertThat(TestPostgres.scalar(connection, "SELECT count(*) FROM " + copy)).isEqualTo(101);
            assertThat(TestPostgres.rows(connection, layout.byNumberSql().replace(layout.table(), copy),
                    KilobyteDocuments.number(COUNT + 50))).hasSize(10);
        }
    }

    @Test
    void sizesAreReportedForTableAndIndexes() throws Exception {
        for (final Layout layout : Layout.values()) {
            final StorageSize size = StorageSize.ofTable(connection, layout.table());
            // About a kilobyte per row in the heap; four indexes (the primary key and three more).
            assertThat(size.dataBytes()).isBetween(COUNT * 1_000L, COUNT * 1_400L);
            assertThat(size.indexBytes()).isPositive();
            assertThat(size.totalBytes()).isGreaterThanOrEqualTo(size.dataBytes() + size.indexBytes());
        }
    }

    @Test
    void aGeneratorFailingMidwayCancelsTheCopyAndLeavesTheTableEmpty() throws Exception {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE docs_failed (LIKE docs_columns)");
        }
        final RuntimeException failure = new IllegalStateException("generator broke");
        // Well past the first 64 KB chunk, so some rows have reached the server before the failure.
        assertThatThrownBy(() -> CopyStream.copy(connection, "COPY docs_failed FROM STDIN", COUNT, (index, out) -> {
            if (index == 1_000) {
                throw failure;
            }
            return Layout.COLUMNS.appendCopyRow(documents.document(index), out);
        }, Progress.toStandardOutput("failing load", COUNT))).isSameAs(failure);
        assertThat(TestPostgres.scalar(connection, "SELECT count(*) FROM docs_failed")).isZero();
    }

    @Test
    void theMongoQueriesReturnWhatTheDocumentsPromise() {
        assertThat(collection.countDocuments()).isEqualTo(COUNT);
        final int number = documents.sampleNumber(1);
        assertThat(KilobyteDocumentsMongo.findByNumber(collection, number).into(new ArrayList<>()))
                .extracting(doc -> doc.getLong("_id"))
                .containsExactlyInAnyOrderElementsOf(LongStream.range(number * 10L, number * 10L + 10).boxed().toList());
        assertThat(KilobyteDocumentsMongo.findByNumbers(collection, number, KilobyteDocuments.number1ForNumber(number))
                .into(new ArrayList<>()))
                .hasSize(10)
                .allSatisfy(doc -> assertThat(doc.keySet()).containsExactlyInAnyOrder("name", "date"));
        for (int number1 = 0; number1 < COUNT / KilobyteDocuments.DOCS_PER_NUMBER1; number1++) {
            assertThat(KilobyteDocumentsMongo.findSortedPage(collection, number1).into(new ArrayList<>()))
                    .extracting(doc -> doc.getLong("_id"))
                    .isEqualTo(KilobyteDocuments.sortedPageIds(number1));
        }
        assertThat(KilobyteDocumentsMongo.findUnfiltered(collection).into(new ArrayList<>())).hasSize(100);
    }

    @Test
    void mongoInsertsOfLaterDocumentsDoNotCollideWithTheLoadedIds() {
        final MongoCollection<Document> inserts = mongoDatabase.getCollection("inserts");
        KilobyteDocumentsMongo.loadInto(inserts, new KilobyteDocuments(7, 10));
        inserts.insertOne(KilobyteDocumentsMongo.toBson(documents.document(10)));
        inserts.insertMany(documents.documents(11, 111).map(KilobyteDocumentsMongo::toBson).toList());
        assertThat(inserts.countDocuments()).isEqualTo(111);
    }

    @Test
    void theEmulatorReportsNoStorageSizes() {
        // StorageSize's Javadoc tells users so; if the emulator starts reporting sizes, update it.
        assertThat(StorageSize.ofCollection(mongoDatabase, "docs")).isEqualTo(new StorageSize(0, 0, 0));
        // Its logical size shows every document is the promised kilobyte of BSON.
        assertThat(mongoDatabase.runCommand(new Document("collStats", "docs")).get("size", Number.class).longValue())
                .isEqualTo((long) COUNT * KilobyteDocuments.BSON_BYTES);
    }

    private String plan(final String sql) throws Exception {
        final StringBuilder plan = new StringBuilder();
        for (final List<Object> row : TestPostgres.rows(connection, "EXPLAIN " + sql)) {
            plan.append(row.get(0)).append('\n');
        }
        return plan.toString();
    }
}
