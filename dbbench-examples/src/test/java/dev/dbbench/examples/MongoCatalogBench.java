package dev.dbbench.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Indexes;
import dev.dbbench.api.BeforeSample;
import dev.dbbench.api.Collection;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.ExpectFasterThan;
import dev.dbbench.api.Mongo;
import dev.dbbench.workload.ProductCatalog;
import dev.dbbench.workload.ProductCatalogMongo;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;

/**
 * The MongoDB twin of {@link JsonbCatalogBench}: the same product documents, an index on
 * {@code brand}, and {@code find({brand: "ACME"})}; and seed 000's loading lesson on MongoDB's side,
 * one {@code insertMany} against a loop of {@code insertOne}. On the emulator the index is ignored,
 * so only a real server's timings say anything about MongoDB; the insert comparison is one round
 * trip against many, which holds on both.
 */
@Mongo
class MongoCatalogBench {

    static final int INSERTED = 200;

    @BeforeAll
    static void loadCatalog(@Collection("products") MongoCollection<Document> products) {
        ProductCatalogMongo.loadInto(products, JsonbCatalogBench.DOCUMENTS);
        products.createIndex(Indexes.ascending("brand"));
    }

    /** Each insert sample starts from an empty collection, untimed. */
    @BeforeSample
    void emptyEvents(@Collection("events") MongoCollection<Document> events) {
        events.deleteMany(new Document());
    }

    @DbBenchmark
    void findByBrand(@Collection("products") MongoCollection<Document> products) {
        assertEquals(ProductCatalog.acmeCount(JsonbCatalogBench.DOCUMENTS),
                Rows.readAll(products.find(Filters.eq("brand", "ACME"))));
    }

    @DbBenchmark(opsPerSample = 1)
    @ExpectFasterThan(value = "insertOneByOne", by = 2.0)
    void insertManyAtOnce(@Collection("events") MongoCollection<Document> events) {
        events.insertMany(events(INSERTED));
        assertEquals(INSERTED, events.countDocuments());
    }

    @DbBenchmark(opsPerSample = 1)
    void insertOneByOne(@Collection("events") MongoCollection<Document> events) {
        for (Document event : events(INSERTED)) {
            events.insertOne(event);
        }
        assertEquals(INSERTED, events.countDocuments());
    }

    private static List<Document> events(int count) {
        final List<Document> events = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            events.add(new Document("_id", i).append("kind", "click").append("payload", "payload-" + i));
        }
        return events;
    }
}
