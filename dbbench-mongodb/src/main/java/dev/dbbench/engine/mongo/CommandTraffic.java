package dev.dbbench.engine.mongo;

import java.util.HashSet;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import com.mongodb.event.CommandSucceededEvent;
import dev.dbbench.engine.Traffic;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * Counts the commands MongoDB clients send to one database while a call is being captured, whichever
 * client and thread sends them: commands by {@linkplain CommandShape shape}, one round trip each,
 * documents returned in cursor batches, the bytes of commands and replies as BSON, and the sessions
 * they ran in (which tell the server's record of the call's operations from other clients'). Every
 * client dbbench creates or wires listens through one of these; it counts only inside a
 * {@link Window}, since encoding every reply to learn its size would slow the timed samples down.
 */
final class CommandTraffic implements CommandListener {

    private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();

    /** What a window counted. */
    record Counted(Traffic traffic, Set<BsonValue> sessions) {

        /** Commands the window counted, each round trip one. */
        long commands() {
            return traffic.roundTrips();
        }
    }

    /** Counting of one database's commands, until closed. */
    final class Window implements AutoCloseable {

        private final String database;
        private final SortedMap<String, Long> commands = new TreeMap<>();
        private final Set<BsonValue> sessions = new HashSet<>();
        private long documents;
        private long bytesSent;
        private long bytesReceived;

        private Window(String database) {
            this.database = database;
        }

        /** What was counted so far. */
        synchronized Counted counted() {
            final long roundTrips = commands.values().stream().mapToLong(Long::longValue).sum();
            return new Counted(new Traffic(commands, roundTrips, documents, bytesSent, bytesReceived),
                    Set.copyOf(sessions));
        }

        private synchronized void started(BsonDocument command) {
            commands.merge(CommandShape.of(command), 1L, Long::sum);
            bytesSent += size(command);
            final BsonValue session = command.get("lsid");
            if (session != null && session.isDocument() && session.asDocument().containsKey("id")) {
                sessions.add(session.asDocument().get("id"));
            }
        }

        private synchronized void succeeded(BsonDocument reply) {
            bytesReceived += size(reply);
            documents += returned(reply);
        }

        @Override
        public void close() {
            synchronized (CommandTraffic.this) {
                if (window == this) {
                    window = null;
                }
            }
        }
    }

    private volatile Window window;

    /** Starts counting the commands sent to {@code database}; one window at a time. */
    synchronized Window open(String database) {
        if (window != null) {
            throw new IllegalStateException("commands to " + window.database + " are being counted already");
        }
        window = new Window(database);
        return window;
    }

    @Override
    public void commandStarted(CommandStartedEvent event) {
        final Window counting = window;
        if (counting != null && counting.database.equals(event.getDatabaseName())) {
            counting.started(event.getCommand());
        }
    }

    @Override
    public void commandSucceeded(CommandSucceededEvent event) {
        final Window counting = window;
        if (counting != null && counting.database.equals(event.getDatabaseName())) {
            counting.succeeded(event.getResponse());
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
