package dev.dbbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sampling lock between real JVMs: each case starts other JVMs that hold the lock's file the way
 * a test JVM does, and watches when work of this one may run. A wait is asserted by what has not
 * happened yet while another JVM holds the lock, never by how long anything took.
 */
class SamplingLockTest {

    /** How long a holder is watched to show it still waits; shorter only makes a broken lock harder to see. */
    private static final long WATCH_MILLIS = 500;

    @TempDir
    Path tempDir;

    private final List<Process> children = new ArrayList<>();

    @AfterEach
    void stopChildren() {
        children.forEach(Process::destroyForcibly);
    }

    @Test
    void timedWorkWaitsForAnotherJvmsSharedWorkAndRunsOnceItEnds() throws Exception {
        final SamplingLock lock = waitsWhileAnotherJvmHolds("shared", true);

        assertThat(lock.waitedNanos()).isPositive();
    }

    @Test
    void sharedWorkOfSeveralJvmsRunsAtOnce() throws Exception {
        final Path file = tempDir.resolve("sampling.lock");
        final Path control = Files.createDirectory(tempDir.resolve("control"));
        start(file, control, "counting", "shared");
        awaitFile(control.resolve("counting.entered"));

        final SamplingLock lock = SamplingLock.at(file);
        final CompletableFuture<Object> shared = CompletableFuture.supplyAsync(() -> unchecked(() -> lock.shared(
                () -> "entered while the other JVM counts")));

        assertThat(shared.get(30, TimeUnit.SECONDS)).isEqualTo("entered while the other JVM counts");
        assertThat(children.get(0).isAlive()).as("the other JVM still counts").isTrue();
    }

    @Test
    void sharedWorkWaitsForAnotherJvmsTimedWork() throws Exception {
        waitsWhileAnotherJvmHolds("alone", false);
    }

    /**
     * Without the turnstile, a JVM that keeps starting shared work could keep timed work waiting for
     * ever: here a second JVM asks to share while this one waits to time, and must wait its turn.
     */
    @Test
    void sharedWorkArrivingWhileTimedWorkWaitsQueuesBehindIt() throws Exception {
        final Path file = tempDir.resolve("sampling.lock");
        final Path control = Files.createDirectory(tempDir.resolve("control"));
        final SamplingLock lock = SamplingLock.at(file);
        start(file, control, "first", "shared");
        awaitFile(control.resolve("first.entered"));

        final CountDownLatch timing = new CountDownLatch(1);
        final AtomicBoolean laterEnteredFirst = new AtomicBoolean();
        final CompletableFuture<Void> timed = CompletableFuture.runAsync(() -> unchecked(() -> lock.alone(() -> {
            laterEnteredFirst.set(Files.exists(control.resolve("later.entered")));
            timing.countDown();
            Thread.sleep(WATCH_MILLIS);
            laterEnteredFirst.compareAndSet(false, Files.exists(control.resolve("later.entered")));
            return null;
        })));
        // This JVM now waits to time, holding the turnstile; the newcomer asks to share after it.
        Thread.sleep(WATCH_MILLIS);
        start(file, control, "later", "shared");
        Thread.sleep(WATCH_MILLIS);
        assertThat(control.resolve("later.entered")).as("shared work passed timed work that was waiting")
                .doesNotExist();

        Files.createFile(control.resolve("first.release"));
        assertThat(timing.await(30, TimeUnit.SECONDS)).isTrue();
        timed.get(30, TimeUnit.SECONDS);
        assertThat(laterEnteredFirst).as("the newcomer shared while this JVM timed").isFalse();
        awaitFile(control.resolve("later.entered"));
    }

    @Test
    void timedWorkInsideSharedWorkOfTheSameThreadGivesItsShareUpMeanwhile() throws Exception {
        final Path file = tempDir.resolve("sampling.lock");
        final Path control = Files.createDirectory(tempDir.resolve("control"));
        final SamplingLock lock = SamplingLock.at(file);

        final String done = lock.shared(() -> {
            final String timed = lock.alone(() -> {
                // Another JVM cannot share while this one times ...
                start(file, control, "other", "shared");
                Thread.sleep(WATCH_MILLIS);
                assertThat(control.resolve("other.entered")).doesNotExist();
                return "timed";
            });
            // ... and can once this one is back to shared work.
            awaitFile(control.resolve("other.entered"));
            return timed + ", then shared again";
        });

        assertThat(done).isEqualTo("timed, then shared again");
    }

    @Test
    void switchedOffLockRunsEverythingAtOnce() throws Throwable {
        assertThat(SamplingLock.NONE.file()).isEmpty();
        assertThat(SamplingLock.NONE.alone(() -> SamplingLock.NONE.shared(() -> "ran"))).isEqualTo("ran");
        assertThat(SamplingLock.NONE.waitedNanos()).isZero();
    }

    /**
     * Has another JVM hold the lock as {@code otherMode}, shows that this JVM's work ({@code alone}
     * or shared) does not run meanwhile, lets the other JVM go and shows that it then runs.
     */
    private SamplingLock waitsWhileAnotherJvmHolds(String otherMode, boolean alone) throws Exception {
        final Path file = tempDir.resolve("sampling.lock");
        final Path control = Files.createDirectory(tempDir.resolve("control"));
        final SamplingLock lock = SamplingLock.at(file);
        start(file, control, "other", otherMode);
        awaitFile(control.resolve("other.entered"));

        final AtomicBoolean ran = new AtomicBoolean();
        final SamplingLock.Work<Object, Exception> work = () -> ran.getAndSet(true);
        final CompletableFuture<Object> waiting = CompletableFuture.supplyAsync(() -> unchecked(() -> alone
                ? lock.alone(work) : lock.shared(work)));
        Thread.sleep(WATCH_MILLIS);
        assertThat(ran).as("work ran while another JVM held the lock as %s", otherMode).isFalse();

        Files.createFile(control.resolve("other.release"));
        waiting.get(30, TimeUnit.SECONDS);
        assertThat(ran).isTrue();
        return lock;
    }

    /** Starts a JVM that holds the lock's file as {@code mode} once it can, until told to let go. */
    private void start(Path file, Path control, String name, String mode) throws Exception {
        children.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LockingProcess.class.getName(),
                file.toString(), control.toString(), name, mode)
                .redirectErrorStream(true)
                .redirectOutput(control.resolve(name + ".log").toFile())
                .start());
    }

    private static void awaitFile(Path path) throws InterruptedException {
        final long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(path)) {
            assertThat(System.nanoTime()).as("%s appeared in time", path).isLessThan(giveUp);
            Thread.sleep(10);
        }
    }

    private static Object unchecked(SamplingLock.Work<Object, Throwable> work) {
        try {
            return work.run();
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Another test JVM: holds the lock as asked, says so with a file, and lets go when a file says to. */
    static final class LockingProcess {

        public static void main(String[] args) throws Throwable {
            final SamplingLock lock = SamplingLock.at(Path.of(args[0]));
            final Path control = Path.of(args[1]);
            final String name = args[2];
            final SamplingLock.Work<Object, Exception> hold = () -> {
                Files.createFile(control.resolve(name + ".entered"));
                while (!Files.exists(control.resolve(name + ".release"))) {
                    Thread.sleep(10);
                }
                return null;
            };
            if (args[3].equals("alone")) {
                lock.alone(hold);
            } else {
                lock.shared(hold);
            }
        }
    }
}
