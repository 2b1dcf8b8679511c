package dev.dbbench.engine;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Closes registered resources in reverse order of registration; closing twice is harmless, and a
 * failure to close one resource does not stop the others from closing.
 */
public final class Closer implements AutoCloseable {

    private final Deque<AutoCloseable> resources = new ArrayDeque<>();

    /** Registers a resource and returns it. */
    public synchronized <T extends AutoCloseable> T register(T resource) {
        resources.push(resource);
        return resource;
    }

    /** Closes everything registered so far; the first failure is thrown, later ones are suppressed into it. */
    @Override
    public void close() throws Exception {
        Exception failure = null;
        while (true) {
            final AutoCloseable next;
            synchronized (this) {
                next = resources.poll();
            }
            if (next == null) {
                break;
            }
            try {
                next.close();
            } catch (Exception e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
