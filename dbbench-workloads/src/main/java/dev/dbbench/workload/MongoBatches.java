package dev.dbbench.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import com.mongodb.client.MongoCollection;
import org.bson.Document;

/** Buffers generated documents and writes them with {@code insertMany}, one batch at a time. */
final class MongoBatches {

    // insertMany batches of this size keep each message well below MongoDB's 48 MB limit.
    static final int BATCH = 1_000;

    private final MongoCollection<Document> collection;
    private final Progress progress;
    private final List<Document> batch = new ArrayList<>(BATCH);

    MongoBatches(final MongoCollection<Document> collection, final Progress progress) {
        this.collection = Objects.requireNonNull(collection, "collection");
        this.progress = Objects.requireNonNull(progress, "progress");
    }

    void add(final Document document) {
        batch.add(document);
        if (batch.size() == BATCH) {
            flush();
        }
    }

    /** Writes what is left and prints the closing progress line if the load was a long one. */
    void finish() {
        flush();
        progress.finish();
    }

    private void flush() {
        if (batch.isEmpty()) {
            return;
        }
        collection.insertMany(batch);
        progress.advance(batch.size());
        batch.clear();
    }
}
