package dev.dbbench.engine.postgres;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import javax.net.SocketFactory;

import dev.dbbench.engine.Traffic;

/**
 * Counts the bytes PostgreSQL connections send and receive, and their round trips, through the JDBC
 * driver's {@code socketFactory} hook: the driver creates each connection's socket with
 * {@link Factory}, whose streams count what passes through them.
 *
 * <p>The driver instantiates the factory by class name with one string argument, so counters are
 * found by that string in a registry: the one piece of static state here, forced by the driver's
 * API. A counter is registered for the life of the value it counts and removed when that closes.
 */
final class CountingSockets {

    private static final Map<String, Counter> COUNTERS = new ConcurrentHashMap<>();

    private CountingSockets() {
    }

    /** Running totals of one injected value's connections. */
    static final class Counter implements AutoCloseable {

        private final String key = UUID.randomUUID().toString();
        private final AtomicLong sent = new AtomicLong();
        private final AtomicLong received = new AtomicLong();
        private final AtomicLong roundTrips = new AtomicLong();
        // A read after a write is the server's answer: one more round trip.
        private volatile boolean awaitingAnswer;

        Counter() {
            COUNTERS.put(key, this);
        }

        /** The argument that makes the driver's sockets count into this counter. */
        String key() {
            return key;
        }

        Traffic read() {
            return new Traffic(new TreeMap<>(), roundTrips.get(), 0, sent.get(), received.get());
        }

        void wrote(int bytes) {
            sent.addAndGet(bytes);
            awaitingAnswer = true;
        }

        void read(int bytes) {
            if (bytes > 0) {
                received.addAndGet(bytes);
                if (awaitingAnswer) {
                    awaitingAnswer = false;
                    roundTrips.incrementAndGet();
                }
            }
        }

        @Override
        public void close() {
            COUNTERS.remove(key);
        }
    }

    /** The factory the driver instantiates by name, with the counter's key as its argument. */
    public static final class Factory extends SocketFactory {

        private final Counter counter;

        public Factory(String key) {
            final Counter registered = COUNTERS.get(key);
            if (registered == null) {
                throw new IllegalStateException("no dbbench traffic counter " + key + " is open");
            }
            this.counter = registered;
        }

        @Override
        public Socket createSocket() {
            return new CountingSocket(counter);
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return connected(new CountingSocket(counter), host, port);
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
            return connected(new CountingSocket(counter), host, port);
        }

        @Override
        public Socket createSocket(InetAddress host, int port) throws IOException {
            return connected(new CountingSocket(counter), host.getHostAddress(), port);
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
                throws IOException {
            return connected(new CountingSocket(counter), address.getHostAddress(), port);
        }

        private static Socket connected(Socket socket, String host, int port) throws IOException {
            socket.connect(new InetSocketAddress(host, port));
            return socket;
        }
    }

    /** A plain socket whose streams count into a counter. */
    private static final class CountingSocket extends Socket {

        private final Counter counter;

        CountingSocket(Counter counter) {
            this.counter = counter;
        }

        @Override
        public InputStream getInputStream() throws IOException {
            return new FilterInputStream(super.getInputStream()) {
                @Override
                public int read() throws IOException {
                    final int value = super.read();
                    counter.read(value < 0 ? 0 : 1);
                    return value;
                }

                @Override
                public int read(byte[] buffer, int offset, int length) throws IOException {
                    final int read = super.read(buffer, offset, length);
                    counter.read(Math.max(read, 0));
                    return read;
                }
            };
        }

        @Override
        public OutputStream getOutputStream() throws IOException {
            return new FilterOutputStream(super.getOutputStream()) {
                @Override
                public void write(int value) throws IOException {
                    out.write(value);
                    counter.wrote(1);
                }

                @Override
                public void write(byte[] buffer, int offset, int length) throws IOException {
                    out.write(buffer, offset, length);
                    counter.wrote(length);
                }
            };
        }
    }
}
