package dev.dbbench.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import com.mongodb.WriteConcern;
import com.mongodb.client.MongoCollection;
import dev.dbbench.api.BeforeSample;
import dev.dbbench.api.Collection;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.ExpectFasterThan;
import dev.dbbench.api.Mongo;
import dev.dbbench.workload.KilobyteDocuments;
import dev.dbbench.workload.KilobyteDocumentsMongo;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;

/**
 * Seed 001 on MongoDB: inserts of its 1 KB documents (batched with {@code insertMany}, one by one
 * acknowledged, one by one journaled, the seed's "safe" inserts) and its indexed, sorted-page and
 * unfiltered reads. Only the batch's lead over single inserts is expected; the emulator's query
 * timings do not mean what a real server's would.
 */
@Mongo
class KilobyteDocumentsMongoBench {

    static final KilobyteDocuments DOCS = new KilobyteDocuments(1, 5_000);

    @BeforeAll
    static void load(@Collection("docs") MongoCollection<Document> docs) {
        KilobyteDocumentsMongo.loadInto(docs, DOCS);
        KilobyteDocumentsMongo.createIndexes(docs);
    }

    @BeforeSample
    void emptyInserted(@Collection("inserted") MongoCollection<Document> inserted) {
        inserted.deleteMany(new Document());
    }

    @DbBenchmark(opsPerSample = 1)
    @ExpectFasterThan(value = "insertOneByOne", by = 3.0)
    void insertMany(@Collection("inserted") MongoCollection<Document> inserted) {
        inserted.insertMany(toInsert());
        assertEquals(KilobyteDocumentsBench.INSERTS, inserted.countDocuments());
    }

    @DbBenchmark(opsPerSample = 1)
    void insertOneByOne(@Collection("inserted") MongoCollection<Document> inserted) {
        insertOneByOne(inserted, WriteConcern.ACKNOWLEDGED);
    }

    @DbBenchmark(opsPerSample = 1)
    void insertOneByOneJournaled(@Collection("inserted") MongoCollection<Document> inserted) {
        insertOneByOne(inserted, WriteConcern.JOURNALED);
    }

    @DbBenchmark
    void byNumber(@Collection("docs") MongoCollection<Document> docs) {
        final long found = Rows.readAll(KilobyteDocumentsBench.QUERIES_PER_CALL,
                i -> KilobyteDocumentsMongo.findByNumber(docs, DOCS.sampleNumber(i)));
        assertEquals(KilobyteDocumentsBench.QUERIES_PER_CALL * KilobyteDocuments.DOCS_PER_NUMBER, found);
    }

    @DbBenchmark
    void byNumbers(@Collection("docs") MongoCollection<Document> docs) {
        final long found = Rows.readAll(KilobyteDocumentsBench.QUERIES_PER_CALL, i -> {
            final int number = DOCS.sampleNumber(i);
            return KilobyteDocumentsMongo.findByNumbers(docs, number, KilobyteDocuments.number1ForNumber(number));
        });
        assertEquals(KilobyteDocumentsBench.QUERIES_PER_CALL * KilobyteDocuments.DOCS_PER_NUMBER, found);
    }

    @DbBenchmark
    void sortedPage(@Collection("docs") MongoCollection<Document> docs) {
        final long found = Rows.readAll(KilobyteDocumentsBench.QUERIES_PER_CALL,
                i -> KilobyteDocumentsMongo.findSortedPage(docs, DOCS.sampleNumber1(i)));
        assertEquals(KilobyteDocumentsBench.QUERIES_PER_CALL * KilobyteDocuments.PAGE_LIMIT, found);
    }

    @DbBenchmark
    void unfiltered(@Collection("docs") MongoCollection<Document> docs) {
        final long found = Rows.readAll(KilobyteDocumentsBench.QUERIES_PER_CALL,
                i -> KilobyteDocumentsMongo.findUnfiltered(docs));
        assertEquals(KilobyteDocumentsBench.QUERIES_PER_CALL * KilobyteDocuments.UNFILTERED_LIMIT, found);
    }

    private static void insertOneByOne(MongoCollection<Document> inserted, WriteConcern writeConcern) {
        final MongoCollection<Document> writing = inserted.withWriteConcern(writeConcern);
        for (Document document : toInsert()) {
            writing.insertOne(document);
        }
        assertEquals(KilobyteDocumentsBench.INSERTS, inserted.countDocuments());
    }

    private static List<Document> toInsert() {
        final List<Document> documents = new ArrayList<>(KilobyteDocumentsBench.INSERTS);
        for (long id = 0; id < KilobyteDocumentsBench.INSERTS; id++) {
            documents.add(KilobyteDocumentsMongo.toBson(DOCS.document(id)));
        }
        return documents;
    }
}
