package dev.dbbench.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Indexes;
import dev.dbbench.api.Collection;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Mongo;
import dev.dbbench.workload.ProductCatalog;
import dev.dbbench.workload.ProductCatalogMongo;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;

/**
 * The MongoDB twin of {@link JsonbCatalogBench}: the same product documents, an index on
 * {@code brand}, and {@code find({brand: "ACME"})}. On the emulator the index is ignored, so only a
 * real server's timings say anything about MongoDB.
 */
@Mongo
class MongoCatalogBench {

    @BeforeAll
    static void loadCatalog(@Collection("products") MongoCollection<Document> products) {
        ProductCatalogMongo.loadInto(products, JsonbCatalogBench.DOCUMENTS);
        products.createIndex(Indexes.ascending("brand"));
    }

    @DbBenchmark
    void findByBrand(@Collection("products") MongoCollection<Document> products) {
        long found = 0;
        try (MongoCursor<Document> cursor = products.find(Filters.eq("brand", "ACME")).iterator()) {
            while (cursor.hasNext()) {
                cursor.next();
                found++;
            }
        }
        assertEquals(ProductCatalog.acmeCount(JsonbCatalogBench.DOCUMENTS), found);
    }
}
