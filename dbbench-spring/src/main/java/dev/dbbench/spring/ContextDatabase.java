package dev.dbbench.spring;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import dev.dbbench.engine.ConnectionSource;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.run.ApplicationDatabase;
import dev.dbbench.spec.EngineTarget;

/**
 * The database side of one application context that dbbench built: the template database where the
 * application's migrations ran when the context started, and the database its pools use now.
 *
 * <p>The pools' physical connections come from {@link #physicalConnections()}, which opens them on the
 * database in use: the template while the context starts, then the database of the test class that
 * runs. Between two classes it is in use by none, and opening a connection waits for the next class.
 * Moving to another database evicts the pools' connections and waits until they are closed, so no
 * session is left on the template (a database is copied from it only when none is) and none on a
 * class's database when it is dropped.
 */
final class ContextDatabase implements ApplicationDatabase, AutoCloseable {

    /** How long the pools get to close their connections to a database they leave. */
    static final Duration RELEASE_TIMEOUT = Duration.ofSeconds(30);

    /** How long opening a connection waits for a class to use the database, between two classes. */
    static final Duration ATTACH_TIMEOUT = Duration.ofSeconds(60);

    /** A pool of the context whose connections come from here: evicting them makes it open new ones. */
    @FunctionalInterface
    interface Pool {
        void evictConnections();
    }

    private final EngineTarget target;
    private final ScratchDatabase template;
    private final String application;
    private final List<Pool> pools = new ArrayList<>();
    private final AutoCloseable context;
    private ScratchDatabase inUse;
    private boolean closed;

    /**
     * @param application names the application in messages, such as its configuration class
     * @param context closed with this, at the end of the run the context was built for
     */
    ContextDatabase(EngineTarget target, ScratchDatabase template, String application, AutoCloseable context) {
        this.target = target;
        this.template = template;
        this.application = application;
        this.context = context;
        this.inUse = template;
    }

    @Override
    public EngineTarget target() {
        return target;
    }

    @Override
    public String template() {
        return template.name();
    }

    /** The data source the context's pools take their physical connections from. */
    DataSource physicalConnections() {
        return new Physical();
    }

    synchronized void pool(Pool pool) {
        pools.add(pool);
    }

    synchronized boolean hasPools() {
        return !pools.isEmpty();
    }

    @Override
    public synchronized void releaseTemplate() throws Exception {
        if (inUse == template) {
            leave();
            if (template.openApplicationConnections() > 0) {
                throw new IllegalStateException("dbbench: the application context of " + application + " still holds "
                        + template.openApplicationConnections() + " connection(s) to its template database "
                        + template.name() + " after " + RELEASE_TIMEOUT.toSeconds() + " s; each test class's database is"
                        + " copied from the template, which PostgreSQL allows only when no session is connected to it."
                        + " A connection the application keeps checked out (a background task, a scheduler) holds it");
            }
        }
    }

    @Override
    public synchronized void use(ScratchDatabase database) throws Exception {
        if (inUse != database) {
            if (inUse != null) {
                leave();
            }
            inUse = database;
            notifyAll();
        }
    }

    @Override
    public synchronized void release(ScratchDatabase database) throws Exception {
        if (inUse == database) {
            leave();
        }
    }

    /**
     * Evicts the pools' connections and waits, bounded, until those to the database in use are closed.
     * Evicted again while waiting: a connection a pool opened just before may reach its pool only after
     * an eviction.
     */
    private void leave() throws InterruptedException {
        final ScratchDatabase left = inUse;
        inUse = null;
        final long deadline = System.nanoTime() + RELEASE_TIMEOUT.toNanos();
        while (left.openApplicationConnections() > 0 && System.nanoTime() < deadline) {
            pools.forEach(Pool::evictConnections);
            // The pools close evicted connections on threads of their own.
            wait(20);
        }
    }

    /** The database in use, once a class uses one; waits for it between two classes. */
    private synchronized ScratchDatabase inUse() throws SQLException {
        final long deadline = System.nanoTime() + ATTACH_TIMEOUT.toNanos();
        while (inUse == null && !closed) {
            final long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new SQLException("dbbench: the application context of " + application + " asked for a connection"
                        + " while no test class used its database, and none did within " + ATTACH_TIMEOUT.toSeconds()
                        + " s: its database is the running class's, and between classes there is none");
            }
            try {
                wait(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while waiting for a test class to use the database", e);
            }
        }
        if (closed) {
            throw new SQLException("dbbench: the run that built the application context of " + application + " ended");
        }
        return inUse;
    }

    /** Closes the context, then drops its template, which no pool uses any more. */
    @Override
    public void close() throws Exception {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        try (ScratchDatabase dropped = template) {
            context.close();
        }
    }

    /** Physical connections to the database in use, opened while no other class can start using another. */
    private final class Physical extends ConnectionSource {

        @Override
        public Connection getConnection() throws SQLException {
            synchronized (ContextDatabase.this) {
                return inUse().applicationDataSource().orElseThrow().getConnection();
            }
        }
    }
}
