package dev.dbbench.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import com.mongodb.client.MongoCollection;
import org.bson.Document;

/** Loads {@link ProductCatalog}'s documents into a MongoDB collection, the twin of its jsonb loader. */
public final class ProductCatalogMongo {

    // insertMany batches of this size keep each message well below MongoDB's 48 MB limit.
    private static final int BATCH = 1_000;

    private ProductCatalogMongo() {
    }

    /** Inserts the first {@code count} documents, in order, into {@code collection}. */
    public static void loadInto(final MongoCollection<Document> collection, final int count) {
        Objects.requireNonNull(collection, "collection");
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0 but was " + count);
        }
        final List<Document> batch = new ArrayList<>(BATCH);
        for (int index = 0; index < count; index++) {
            batch.add(Document.parse(ProductCatalog.document(index)));
            if (batch.size() == BATCH) {
                collection.insertMany(batch);
                batch.clear();
            }
        }
        if (!batch.isEmpty()) {
            collection.insertMany(batch);
        }
    }
}
