import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

import java.util.concurrent.CountDownLatch;

/**
 * Main class of the dbbench/mongo-wire image: serves the MongoDB wire protocol from memory
 * (mongo-java-server) on 0.0.0.0:27017 until the container is stopped.
 */
public final class MongoWireServer {

    private static final String BIND_ADDRESS = "0.0.0.0";

    private static final int PORT = 27017;

    /**
     * Wait strategies match this line. It also contains "waiting for connections", the line
     * mongod prints, so waits written for a real server pass as well.
     */
    static final String READY_LINE =
        "mongo-wire listening on " + PORT + " (mongo-java-server, memory backend); waiting for connections";

    private MongoWireServer() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length > 0) {
            // mongod options (say --replSet from a MongoDB container class) mean nothing here;
            // saying so beats failing the start.
            System.out.println("mongo-wire: ignoring arguments: " + String.join(" ", args));
        }
        MongoServer server = new MongoServer(new MemoryBackend());
        CountDownLatch stopped = new CountDownLatch(1);
        // The JVM turns SIGTERM (docker stop) into running its shutdown hooks.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("mongo-wire: stopping");
            server.shutdownNow();
            stopped.countDown();
        }, "mongo-wire-shutdown"));

        server.bind(BIND_ADDRESS, PORT);
        System.out.println(READY_LINE);
        System.out.flush();
        stopped.await();
    }
}
