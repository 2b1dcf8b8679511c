package dev.dbbench.engine.mongo;

import java.util.SortedMap;
import java.util.TreeMap;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import com.mongodb.event.CommandSucceededEvent;
import dev.dbbench.engine.Traffic;
import dev.dbbench.engine.TrafficProbe;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * Counts the commands a MongoDB client sends while a call is being counted: commands by name, one
 * round trip each, documents returned in cursor batches, and the bytes of commands and replies as
 * BSON. It listens to the client all the time but counts only inside {@link #during}, since encoding
 * every reply to learn its size would slow the timed samples down.
 */
final class CommandTraffic implements CommandListener, TrafficProbe {

    private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();

    private volatile boolean counting;
    private final SortedMap<String, Long> commands = new TreeMap<>();
    private long documents;
    private long bytesSent;
    private long bytesReceived;

    @Override
    public synchronized Traffic during(Call call) throws Throwable {
        commands.clear();
        documents = 0;
        bytesSent = 0;
        bytesReceived = 0;
        counting = true;
        try {
            call.run();
        } finally {
            counting = false;
        }
        final long roundTrips = commands.values().stream().mapToLong(Long::longValue).sum();
        return new Traffic(commands, roundTrips, documents, bytesSent, bytesReceived);
    }

    @Override
    public void commandStarted(CommandStartedEvent event) {
        if (counting) {
            synchronized (this) {
                commands.merge(event.getCommandName(), 1L, Long::sum);
                bytesSent += size(event.getCommand());
            }
        }
    }

    @Override
    public void commandSucceeded(CommandSucceededEvent event) {
        if (counting) {
            synchronized (this) {
                bytesReceived += size(event.getResponse());
                documents += returned(event.getResponse());
            }
        }
    }

    private static long size(BsonDocument document) {
        return document instanceof RawBsonDocument raw
                ? raw.getByteBuffer().remaining()
                : new RawBsonDocument(document, CODEC).getByteBuffer().remaining();
    }

    /** The documents of a reply's cursor batch, for find, aggregate and getMore; none for other commands. */
    private static long returned(BsonDocument reply) {
        final BsonValue cursor = reply.get("cursor");
        if (cursor == null || !cursor.isDocument()) {
            return 0;
        }
        for (String batch : new String[] {"firstBatch", "nextBatch"}) {
            final BsonValue documents = cursor.asDocument().get(batch);
            if (documents instanceof BsonArray array) {
                return array.size();
            }
        }
        return 0;
    }
}
