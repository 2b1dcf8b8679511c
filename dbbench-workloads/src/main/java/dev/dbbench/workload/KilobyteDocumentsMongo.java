package dev.dbbench.workload;

import java.util.Date;
import java.util.List;
import java.util.Objects;

import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexModel;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import org.bson.Document;

/**
 * Loads {@link KilobyteDocuments} into a MongoDB collection and runs seed 001's queries on it, the
 * twin of its PostgreSQL layouts. Documents have {@code _id} (int64), {@code number}, {@code number1}
 * (int32), {@code date}, {@code name} and {@code filler}; indexes are the seed's {@code number_1},
 * {@code number1_1} and {@code date_-1}.
 */
public final class KilobyteDocumentsMongo {

    private KilobyteDocumentsMongo() {
    }

    /** The BSON form of {@code doc}: exactly {@link KilobyteDocuments#BSON_BYTES} bytes. */
    public static Document toBson(final KilobyteDocuments.Doc doc) {
        return new Document("_id", doc.id())
                .append("number", doc.number())
                .append("number1", doc.number1())
                .append("date", Date.from(doc.date()))
                .append("name", doc.name())
                .append("filler", doc.filler());
    }

    /** Inserts documents {@code 0 .. count-1} with {@code insertMany} in batches of 1,000. */
    public static void loadInto(final MongoCollection<Document> collection, final KilobyteDocuments documents) {
        final MongoBatches batches = new MongoBatches(collection,
                Progress.toStandardOutput("loading kilobyte documents into " + collection.getNamespace().getCollectionName(),
                        documents.count()));
        for (long index = 0; index < documents.count(); index++) {
            batches.add(toBson(documents.document(index)));
        }
        batches.finish();
    }

    /** Creates the seed's three secondary indexes: {@code number}, {@code number1}, and {@code date} descending. */
    public static void createIndexes(final MongoCollection<Document> collection) {
        Objects.requireNonNull(collection, "collection");
        collection.createIndexes(List.of(
                new IndexModel(Indexes.ascending("number")),
                new IndexModel(Indexes.ascending("number1")),
                new IndexModel(Indexes.descending("date"))));
    }

    /** The indexed query on one number: {@link KilobyteDocuments#DOCS_PER_NUMBER} whole documents. */
    public static FindIterable<Document> findByNumber(final MongoCollection<Document> collection, final int number) {
        return collection.find(Filters.eq("number", number));
    }

    /**
     * The query on both numbers returning only {@code name} and {@code date}; pass
     * {@link KilobyteDocuments#number1ForNumber} of {@code number} as {@code number1} for
     * {@link KilobyteDocuments#DOCS_PER_NUMBER} documents.
     */
    public static FindIterable<Document> findByNumbers(final MongoCollection<Document> collection, final int number,
            final int number1) {
        return collection.find(Filters.and(Filters.eq("number", number), Filters.eq("number1", number1)))
                .projection(Projections.fields(Projections.include("name", "date"), Projections.excludeId()));
    }

    /**
     * The indexed query on {@code number1} sorted by date descending, skipping
     * {@link KilobyteDocuments#PAGE_SKIP} and returning {@link KilobyteDocuments#PAGE_LIMIT} whole
     * documents: those of {@link KilobyteDocuments#sortedPageIds}.
     */
    public static FindIterable<Document> findSortedPage(final MongoCollection<Document> collection, final int number1) {
        return collection.find(Filters.eq("number1", number1))
                .sort(Sorts.descending("date"))
                .skip(KilobyteDocuments.PAGE_SKIP)
                .limit(KilobyteDocuments.PAGE_LIMIT);
    }

    /** {@link KilobyteDocuments#UNFILTERED_LIMIT} whole documents without a filter or an order. */
    public static FindIterable<Document> findUnfiltered(final MongoCollection<Document> collection) {
        return collection.find().limit(KilobyteDocuments.UNFILTERED_LIMIT);
    }
}
