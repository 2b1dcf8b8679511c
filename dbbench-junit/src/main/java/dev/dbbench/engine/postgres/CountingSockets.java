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

import javax.net.SocketFactory;

import dev.dbbench.engine.Traffic;

/**
 * Counts the bytes PostgreSQL connections send and receive, and their round trips, through the JDBC
 * driver's {@code socketFactory} hook: the driver creates each connection's socket with
 * {@link Factory}, whose streams count into the {@link Meter} of the connection's database.
 *
 * <p>A meter counts only while a window is open: the call's work, whichever of the database's
 * connections it goes through (the one dbbench injected, or one of an application's pool) and
 * whichever thread sends it (the body's, an executor's, a web server's request thread). What a thread
 * does {@linkplain Meter#uncounted uncounted} is left out: a pool's own work, such as opening,
 * validating and closing connections, at times that depend on the clock. The driver instantiates the
 * factory by class name with one string argument, so meters are found by that string in a registry:
 * the one piece of static state here, forced by the driver's API. A meter is registered for the life
 * of its database.
 */
final class CountingSockets {

    private static final Map<String, Meter> METERS = new ConcurrentHashMap<>();

    private CountingSockets() {
    }

    /** The traffic of one database's connections, counted in windows. */
    static final class Meter implements AutoCloseable {

        private final String key = UUID.randomUUID().toString();
        /** The threads inside an uncounted call, each with how deep. */
        private final Map<Thread, Integer> suspended = new ConcurrentHashMap<>();
        private volatile Window window;

        Meter() {
            METERS.put(key, this);
        }

        /** The argument that makes the driver's sockets count into this meter. */
        String key() {
            return key;
        }

        /** Starts counting what every thread sends and receives; one window at a time. */
        synchronized Window open() {
            if (window != null) {
                throw new IllegalStateException("a traffic window is already open on this database");
            }
            window = new Window(this);
            return window;
        }

        /**
         * Runs {@code call} on the calling thread without counting its traffic: what a pool does on its
         * own account at a time that depends on the clock, such as validating an idle connection.
         */
        <T, E extends Exception> T uncounted(Work<T, E> call) throws E {
            final Thread thread = Thread.currentThread();
            suspended.merge(thread, 1, Integer::sum);
            try {
                return call.run();
            } finally {
                suspended.computeIfPresent(thread, (ignored, depth) -> depth == 1 ? null : depth - 1);
            }
        }

        private Window counting() {
            final Window open = window;
            return open != null && !suspended.containsKey(Thread.currentThread()) ? open : null;
        }

        /** {@code bytes} written to one of the database's sockets; whether they were counted. */
        boolean wrote(int bytes) {
            final Window open = counting();
            if (open != null) {
                open.wrote(bytes);
            }
            return open != null;
        }

        /** {@code bytes} read from one of its sockets; {@code answer}: the first of the server's answer to a request. */
        void read(int bytes, boolean answer) {
            final Window open = counting();
            if (open != null && bytes > 0) {
                open.read(bytes, answer);
            }
        }

        private synchronized void closed(Window closed) {
            if (window == closed) {
                window = null;
            }
        }

        @Override
        public void close() {
            METERS.remove(key);
        }
    }

    /** A call whose traffic is not counted. */
    @FunctionalInterface
    interface Work<T, E extends Exception> {
        T run() throws E;
    }

    /** What the database's connections sent and received while the window was open, from any thread. */
    static final class Window implements AutoCloseable {

        private final Meter meter;
        private long sent;
        private long received;
        private long roundTrips;

        private Window(Meter meter) {
            this.meter = meter;
        }

        private synchronized void wrote(int bytes) {
            sent += bytes;
        }

        private synchronized void read(int bytes, boolean answer) {
            received += bytes;
            if (answer) {
                roundTrips++;
            }
        }

        /** What was counted so far. */
        synchronized Traffic traffic() {
            return new Traffic(new TreeMap<>(), roundTrips, 0, sent, received);
        }

        @Override
        public void close() {
            meter.closed(this);
        }
    }

    /** The factory the driver instantiates by name, with the meter's key as its argument. */
    public static final class Factory extends SocketFactory {

        private final Meter counter;

        public Factory(String key) {
            final Meter registered = METERS.get(key);
            if (registered == null) {
                throw new IllegalStateException("the database of this connection was dropped: no dbbench traffic"
                        + " meter " + key + " is open");
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

    /** A plain socket whose streams count into a meter; a read after a counted write is its server's answer. */
    private static final class CountingSocket extends Socket {

        private final Meter counter;
        private volatile boolean awaitingAnswer;

        CountingSocket(Meter counter) {
            this.counter = counter;
        }

        private void read(int bytes) {
            final boolean answer = bytes > 0 && awaitingAnswer;
            if (answer) {
                awaitingAnswer = false;
            }
            counter.read(bytes, answer);
        }

        /** A counted request awaits its answer, which is one round trip. */
        private void wrote(int bytes) {
            awaitingAnswer = counter.wrote(bytes);
        }

        @Override
        public InputStream getInputStream() throws IOException {
            return new FilterInputStream(super.getInputStream()) {
                @Override
                public int read() throws IOException {
                    final int value = super.read();
                    CountingSocket.this.read(value < 0 ? 0 : 1);
                    return value;
                }

                @Override
                public int read(byte[] buffer, int offset, int length) throws IOException {
                    final int read = super.read(buffer, offset, length);
                    CountingSocket.this.read(Math.max(read, 0));
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
                    wrote(1);
                }

                @Override
                public void write(byte[] buffer, int offset, int length) throws IOException {
                    out.write(buffer, offset, length);
                    wrote(length);
                }
            };
        }
    }
}
