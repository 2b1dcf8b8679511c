package dev.dbbench.measure;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps timed work alone on the machine while the test JVMs of a build (Surefire's forks, other
 * builds) do the rest of their work side by side. Timed work (the last warm-up and the samples, the
 * machine-speed ruler) runs {@link #alone}: it waits until no JVM does other dbbench work or timed
 * work, and none starts until it ends. The other work (servers starting, data loading, calibration
 * and the warm-ups before the last, plans, instruction counting under valgrind) runs {@link #shared}:
 * any number of JVMs at once.
 *
 * <p>The JVMs agree through {@code fcntl} record locks on one file ({@link FileChannel#lock}): a
 * shared or exclusive lock on one byte, taken only while holding an exclusive lock on another byte,
 * the turnstile. A JVM waiting to work alone holds the turnstile, so JVMs arriving to share queue
 * behind it rather than passing it forever. The operating system drops a dead JVM's locks.
 *
 * <p>Inside one JVM the threads that share count as one holder of the shared lock; a thread that
 * shares and then works alone gives its share up for that time and takes it back after.
 */
public final class SamplingLock {

    /** The lock that keeps nothing: every piece of work runs at once. */
    public static final SamplingLock NONE = new SamplingLock(Optional.empty());

    /**
     * The one lock of each file in this JVM. The operating system keeps record locks per process, and
     * Java refuses a second lock of an overlapping region anywhere in the JVM, so every run context
     * of the JVM (JUnit runs nested in a test, say) must go through the same holder.
     */
    private static final Map<Path, SamplingLock> BY_FILE = new ConcurrentHashMap<>();

    private static final long TURNSTILE = 0;
    private static final long MAIN = 1;

    private final Optional<Path> file;
    private FileChannel channel;
    private FileLock held;
    private final Set<Thread> sharing = new HashSet<>();
    private Thread alone;
    private int waitingAlone;
    private long waitedNanos;

    private SamplingLock(Optional<Path> file) {
        this.file = file;
    }

    /**
     * The JVM's lock of this file, the file created if missing; an error if it cannot be opened for
     * reading and writing.
     */
    public static SamplingLock at(Path file) throws IOException {
        final Path normal = file.toAbsolutePath().normalize();
        final SamplingLock lock = BY_FILE.computeIfAbsent(normal, key -> new SamplingLock(Optional.of(key)));
        synchronized (lock) {
            lock.channel();
        }
        return lock;
    }

    /** The file the JVMs agree through; empty for {@link #NONE}. */
    public Optional<Path> file() {
        return file;
    }

    /** A piece of work the lock keeps apart from timed work, or timed work itself. */
    @FunctionalInterface
    public interface Work<T, E extends Throwable> {
        T run() throws E;
    }

    /** Work that other JVMs' timed work must not run beside, though other such work may. */
    public <T, E extends Throwable> T shared(Work<T, E> work) throws E, IOException, InterruptedException {
        final Thread thread = Thread.currentThread();
        synchronized (this) {
            if (file.isEmpty() || sharing.contains(thread) || alone == thread) {
                return work.run();
            }
        }
        enterShared(thread);
        try {
            return work.run();
        } finally {
            exitShared(thread);
        }
    }

    /** Timed work: runs once no other work of dbbench runs on the machine, and keeps it from starting. */
    public <T, E extends Throwable> T alone(Work<T, E> work) throws E, IOException, InterruptedException {
        final Thread thread = Thread.currentThread();
        final boolean wasSharing;
        synchronized (this) {
            if (file.isEmpty() || alone == thread) {
                return work.run();
            }
            wasSharing = sharing.contains(thread);
        }
        if (wasSharing) {
            exitShared(thread);
        }
        try {
            enterAlone(thread);
            try {
                return work.run();
            } finally {
                exitAlone();
            }
        } finally {
            if (wasSharing) {
                enterShared(thread);
            }
        }
    }

    /** How long this JVM's work has waited for other JVMs' in all, in nanoseconds. */
    public synchronized long waitedNanos() {
        return waitedNanos;
    }

    private synchronized void enterShared(Thread thread) throws IOException, InterruptedException {
        final long started = System.nanoTime();
        while (alone != null || waitingAlone > 0) {
            wait();
        }
        if (sharing.isEmpty()) {
            held = lockMain(true);
        }
        sharing.add(thread);
        waitedNanos += System.nanoTime() - started;
    }

    private synchronized void exitShared(Thread thread) throws IOException {
        sharing.remove(thread);
        if (sharing.isEmpty()) {
            release();
        }
    }

    private synchronized void enterAlone(Thread thread) throws IOException, InterruptedException {
        final long started = System.nanoTime();
        waitingAlone++;
        try {
            while (alone != null || !sharing.isEmpty()) {
                wait();
            }
        } finally {
            waitingAlone--;
        }
        held = lockMain(false);
        alone = thread;
        waitedNanos += System.nanoTime() - started;
    }

    private synchronized void exitAlone() throws IOException {
        alone = null;
        release();
    }

    private void release() throws IOException {
        try {
            if (held != null && held.isValid()) {
                held.release();
            }
        } finally {
            held = null;
            notifyAll();
        }
    }

    /** The main byte locked, passing the turnstile so that waiting to work alone blocks newcomers. */
    private FileLock lockMain(boolean shared) throws IOException {
        final FileChannel open = channel();
        try (FileLock turnstile = open.lock(TURNSTILE, 1, false)) {
            return open.lock(MAIN, 1, shared);
        }
    }

    /** The file's channel, opened again if an interrupt closed it (interrupting a lock wait closes the channel). */
    private FileChannel channel() throws IOException {
        if (channel == null || !channel.isOpen()) {
            final Path path = file.orElseThrow();
            if (path.getParent() != null) {
                Files.createDirectories(path.getParent());
            }
            channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
        }
        return channel;
    }
}
