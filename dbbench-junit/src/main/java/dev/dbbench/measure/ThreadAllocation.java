package dev.dbbench.measure;

import java.lang.management.ManagementFactory;

/**
 * The bytes the current thread has allocated so far, as the JVM counts them (HotSpot's per-thread
 * allocation counter, which JMH's {@code gc.alloc.rate.norm} reads too): exact enough that the same
 * code allocates the same bytes on any machine.
 */
final class ThreadAllocation {

    private static final com.sun.management.ThreadMXBean THREADS = threads();

    private ThreadAllocation() {
    }

    private static com.sun.management.ThreadMXBean threads() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
                && threads.isThreadAllocatedMemorySupported()) {
            threads.setThreadAllocatedMemoryEnabled(true);
            return threads;
        }
        return null;
    }

    /** Whether this JVM counts allocations per thread. */
    static boolean supported() {
        return THREADS != null;
    }

    /** The current thread's allocated bytes so far; only meaningful where {@link #supported()}. */
    static long current() {
        return THREADS == null ? 0 : THREADS.getCurrentThreadAllocatedBytes();
    }
}
