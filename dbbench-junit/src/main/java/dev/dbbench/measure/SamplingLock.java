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
import java.util.concurrent.CopyOnWriteArraySet;

/**
 * Keeps timed work alone on the machine while the test JVMs of a build (Surefire's forks, other
 * builds) do the rest of their work side by side. Timed work (the last warm-up and the samples, the
 * machine-speed ruler) runs {@link #alone}: it waits until no JVM does other dbbench work or timed
 * work, and none starts until it ends. The other work (servers starting, data loading, calibration
 * and the warm-ups before the last, plans, the counting copies' starts and stops) runs {@link #shared}:
 * any number of JVMs at once.
 *
 * <p>Work whose results do not depend on time, a server counting instructions under valgrind, need
 * not hold the lock at all: it {@linkplain #pauses pauses}. Its processes run while their JVM holds
 * the lock shared, for shared work of its own or, when no JVM waits to time, on their behalf; when
 * one does, they are stopped ({@code SIGSTOP}) and the lock given up, and they continue once the
 * timed work is over. Timed work then waits for the pieces of shared work in hand, not for a call
 * under valgrind that takes seconds, and never runs beside the server's work on one.
 *
 * <p>The JVMs agree through {@code fcntl} record locks on one file ({@link FileChannel#lock}): a
 * shared or exclusive lock on one byte, taken only while holding an exclusive lock on another byte,
 * the turnstile. A JVM waiting to work alone holds the turnstile, so JVMs arriving to share queue
 * behind it rather than passing it forever, and a shared lock on a third byte, which tells the other
 * JVMs to stop what pauses. The operating system drops a dead JVM's locks.
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
    /** Held shared by every JVM waiting to work alone: what pauses must stop. */
    private static final long WANTED = 2;
    /** How often a JVM whose processes pause looks whether another JVM waits to time. */
    private static final long POLL_MILLIS = 5;
    /** How long a stop under way as the JVM exits may take before its processes are continued again. */
    private static final long EXIT_SETTLE_MILLIS = 50;

    private final Optional<Path> file;
    private FileChannel channel;
    private FileLock held;
    private final Set<Thread> sharing = new HashSet<>();
    private Thread alone;
    private int waitingAlone;
    private FileLock wanting;
    private long waitedNanos;
    /**
     * Processes that run only while this JVM holds the lock shared, and are stopped otherwise; read
     * without the monitor as the JVM exits, to continue them whatever the keeper was doing.
     */
    private final Set<ProcessHandle> pausing = new CopyOnWriteArraySet<>();
    /** Holds the lock shared on behalf of {@link #pausing} while no JVM waits to time; started with the first. */
    private Thread keeper;
    private boolean exitHook;
    /** Why the keeper stopped, told to the next work that asks. */
    private Throwable keeperFailure;
    /** Set as the JVM exits: nothing is stopped any more. */
    private volatile boolean exiting;

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
        enterShared(thread, true);
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
                enterShared(thread, true);
            }
        }
    }

    /**
     * Has a process and its descendants run only while this JVM holds the lock shared: stopped
     * whenever a JVM waits to time, and continued after. For work whose results do not depend on
     * time, such as a server counting instructions under valgrind: its clients need not hold the lock,
     * and simply wait while it is stopped. Called during shared work (the process runs on); a process
     * already given is left as it is, and one that exits is forgotten.
     *
     * @throws IOException when the process cannot be stopped (it is then forgotten)
     */
    public synchronized void pauses(ProcessHandle process) throws IOException {
        if (file.isEmpty() || !pausing.add(process)) {
            return;
        }
        if (sharing.isEmpty()) {
            try {
                ProcessPause.stop(process);
            } catch (IOException e) {
                pausing.remove(process);
                throw e;
            }
        }
        if (keeper == null) {
            keeper = new Thread(this::keepPausingRunning, "dbbench sampling lock " + file.get().getFileName());
            keeper.setDaemon(true);
            keeper.start();
            if (!exitHook) {
                // A server left stopped would not stop when asked, nor its backends when it went.
                Runtime.getRuntime().addShutdownHook(new Thread(this::continueAllAtExit,
                        "dbbench sampling lock at exit"));
                exitHook = true;
            }
        }
        // Shares already held go on for the keeper, so the process does not stop as this piece ends.
        if (!sharing.isEmpty() && waitingAlone == 0 && alone == null) {
            sharing.add(keeper);
        }
        notifyAll();
    }

    /** How long this JVM's work has waited for other JVMs' in all, in nanoseconds. */
    public synchronized long waitedNanos() {
        return waitedNanos;
    }

    private synchronized void enterShared(Thread thread, boolean counted) throws IOException, InterruptedException {
        final long started = System.nanoTime();
        while (alone != null || waitingAlone > 0) {
            wait();
        }
        rethrowKeeperFailure();
        if (sharing.isEmpty()) {
            held = lockMain(true);
            try {
                forEachPausing(ProcessPause::resume);
            } catch (IOException e) {
                release();
                throw e;
            }
        }
        sharing.add(thread);
        if (counted) {
            waitedNanos += System.nanoTime() - started;
        }
    }

    private synchronized void exitShared(Thread thread) throws IOException {
        sharing.remove(thread);
        if (sharing.isEmpty()) {
            try {
                forEachPausing(ProcessPause::stop);
            } finally {
                release();
            }
        }
    }

    private synchronized void enterAlone(Thread thread) throws IOException, InterruptedException {
        final long started = System.nanoTime();
        if (waitingAlone == 0) {
            wanting = wanted();
        }
        waitingAlone++;
        try {
            // The keeper, if it shares for processes that pause, gives its share up.
            notifyAll();
            while (alone != null || !sharing.isEmpty()) {
                wait();
            }
            rethrowKeeperFailure();
            held = lockMain(false);
        } finally {
            waitingAlone--;
            if (waitingAlone == 0) {
                final FileLock given = wanting;
                wanting = null;
                notifyAll();
                if (given.isValid()) {
                    given.release();
                }
            }
        }
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

    /**
     * The keeper's loop: shares on behalf of the processes that pause while any live and no JVM waits
     * to time, and gives its share up (stopping them, unless other work of this JVM still shares) as
     * soon as one does.
     */
    private synchronized void keepPausingRunning() {
        final Thread self = Thread.currentThread();
        try {
            while (!exiting) {
                pausing.removeIf(process -> !process.isAlive());
                final boolean wanted = pausing.isEmpty() || timingWaits();
                if (sharing.contains(self) && wanted) {
                    exitShared(self);
                } else if (!sharing.contains(self) && !wanted) {
                    enterShared(self, false);
                }
                // Polls only while its processes run; otherwise a change of this JVM's work wakes it.
                final boolean idle = !sharing.contains(self) && (pausing.isEmpty() || waitingAlone > 0 || alone != null);
                wait(idle ? 0 : POLL_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable e) {
            keeperFailure = e;
        } finally {
            abandonPausing(self);
        }
    }

    /**
     * What a keeper that stops leaves: its processes continued and forgotten, since nothing would
     * continue them later and their counts would wait for ever (they now run beside timed work, which
     * the failure, reported to the next work that asks, says); its share given up.
     */
    private void abandonPausing(Thread self) {
        continueEach().ifPresent(this::noteKeeperFailure);
        pausing.clear();
        keeper = null;
        if (sharing.remove(self) && sharing.isEmpty()) {
            try {
                release();
            } catch (IOException e) {
                noteKeeperFailure(e);
            }
        }
        notifyAll();
    }

    private void noteKeeperFailure(Throwable failure) {
        if (keeperFailure == null) {
            keeperFailure = failure;
        } else {
            keeperFailure.addSuppressed(failure);
        }
    }

    /**
     * Continues every process that pauses, each whatever became of the others; the first failure, with
     * the later ones suppressed into it.
     */
    private Optional<IOException> continueEach() {
        IOException failure = null;
        for (ProcessHandle process : pausing) {
            try {
                ProcessPause.resume(process);
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        return Optional.ofNullable(failure);
    }

    /**
     * The shared lock on the byte that tells other JVMs to stop what pauses. Taken without blocking:
     * an interrupt during a blocking lock would close the channel, and with it the shared lock this
     * JVM may hold meanwhile while its processes run.
     */
    private FileLock wanted() throws IOException, InterruptedException {
        while (true) {
            if (Thread.interrupted()) {
                throw new InterruptedException("interrupted while waiting to time");
            }
            final FileLock lock = channel().tryLock(WANTED, 1, true);
            if (lock != null) {
                return lock;
            }
            wait(1);
        }
    }

    /** Whether work of this JVM or another waits to run alone, or runs alone. */
    private boolean timingWaits() throws IOException {
        if (waitingAlone > 0 || alone != null) {
            return true;
        }
        final FileLock probe = channel().tryLock(WANTED, 1, false);
        if (probe == null) {
            return true;
        }
        probe.release();
        return false;
    }

    private interface PauseStep {
        void apply(ProcessHandle process) throws IOException;
    }

    private void forEachPausing(PauseStep step) throws IOException {
        for (ProcessHandle process : pausing) {
            if (process.isAlive() && !exiting) {
                step.apply(process);
            }
        }
    }

    /**
     * Continues every process that pauses as the JVM exits, without the monitor (the keeper may hold it
     * while another JVM times); once more a moment later, for a stop that was under way.
     */
    private void continueAllAtExit() {
        exiting = true;
        for (int pass = 0; pass < 2; pass++) {
            // A failure is not reported: the JVM is going, and the processes' own shutdown hooks stop them.
            continueEach();
            try {
                Thread.sleep(EXIT_SETTLE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Tells once why the keeper stopped; the processes it held then run unguarded. */
    private void rethrowKeeperFailure() throws IOException {
        if (keeperFailure != null) {
            final Throwable failure = keeperFailure;
            keeperFailure = null;
            throw new IOException("dbbench could not keep the instruction counting servers of this JVM out of the"
                    + " way of timed work, and lets them run: " + failure.getMessage(), failure);
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
