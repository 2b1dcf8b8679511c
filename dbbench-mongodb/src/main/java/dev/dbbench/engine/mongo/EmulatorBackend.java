package dev.dbbench.engine.mongo;

import java.util.concurrent.atomic.AtomicLong;

import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;

/**
 * The emulator's memory backend, with what dbbench needs of a server that runs in its own JVM: it
 * counts the commands it receives for a database while a call is captured, from any client, so work
 * no counted client sent is seen (it has no profiler: of the commands' cost and plans it tells
 * nothing); and it answers a {@code find} or {@code aggregate} that asks for no
 * batch size with a first batch of {@value #FIRST_BATCH} documents, then the rest in one
 * {@code getMore}, as a real server does for batches under its 16 MiB limit (the emulator's own
 * default is every document at once, which would make a real server's {@code getMore} round trips
 * vanish).
 */
final class EmulatorBackend extends MemoryBackend implements ServerRecord {

    /** A real server's first batch when a cursor asks for no size. */
    static final int FIRST_BATCH = 101;

    private volatile String counted;
    private final AtomicLong received = new AtomicLong();

    @Override
    public void start(String database) {
        received.set(0);
        counted = database;
    }

    /** The commands the clients sent, without plans; those received beyond them came from other clients. */
    @Override
    public Told stop(String database, CommandTraffic.Counted counted) {
        this.counted = null;
        return new Told(ServerRecord.clientsOnly(counted), Math.max(0, received.get() - counted.commands()));
    }

    @Override
    public Document handleCommand(Channel channel, String database, String command, Document query) {
        if (database.equals(counted)) {
            received.incrementAndGet();
        }
        if (command.equals("find") && !query.containsKey("batchSize")) {
            query.put("batchSize", FIRST_BATCH);
        } else if (command.equals("aggregate") && query.get("cursor") instanceof Document cursor
                && !cursor.containsKey("batchSize")) {
            cursor.put("batchSize", FIRST_BATCH);
        } else if (command.equals("getMore") && !query.containsKey("batchSize")) {
            // A real server fills a getMore's batch up to 16 MiB; the emulator needs a number.
            query.put("batchSize", Integer.MAX_VALUE);
        }
        return super.handleCommand(channel, database, command, query);
    }
}
