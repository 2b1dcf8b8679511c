package dev.dbbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import dev.dbbench.spec.Sampling;

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
        children.forEach(child -> {
            child.descendants().forEach(ProcessHandle::destroyForcibly);
            child.destroyForcibly();
        });
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
    void warmUpsButTheLastRunBesideAnotherJvmsSharedWorkAndTheLastWaitsWithTheSamples() throws Exception {
        final Path file = tempDir.resolve("sampling.lock");
        final Path release = anotherJvmShares(file);
        final AtomicInteger calls = new AtomicInteger();

        final CompletableFuture<Samples> sampled = sampling(new Sampling(3, 2, 1, Duration.ofMillis(1),
                Duration.ofSeconds(60)), file, calls::incrementAndGet);

        awaitCalls(calls, 2);
        Thread.sleep(WATCH_MILLIS);
        assertThat(calls).as("the last warm-up waits while another JVM counts").hasValue(2);
        Files.createFile(release);
        sampled.get(30, TimeUnit.SECONDS);
        assertThat(calls).hasValue(3 + 2);
    }

    @Test
    void withoutWarmUpsCalibrationWaitsToRunAloneWithTheSamples() throws Exception {
        final Path file = tempDir.resolve("sampling.lock");
        final Path release = anotherJvmShares(file);
        final AtomicInteger calls = new AtomicInteger();

        final CompletableFuture<Samples> sampled = sampling(new Sampling(0, 2, Sampling.CALIBRATE,
                Duration.ofMillis(1), Duration.ofSeconds(60)), file, calls::incrementAndGet);

        Thread.sleep(WATCH_MILLIS);
        assertThat(calls).as("calibrated while another JVM counts").hasValue(0);
        Files.createFile(release);
        sampled.get(30, TimeUnit.SECONDS);
        assertThat(calls).hasPositiveValue();
    }

    /**
     * Calibrated while another JVM's work made each call take 20 ms, a body whose calls take 1 ms
     * alone would sample 1 call in 1 ms; the last warm-up, alone, finds it short of the 10 ms minimum
     * and grows the calls per sample before the samples start.
     */
    @Test
    void callsPerSampleCalibratedBesideOtherWorkGrowWhenTheLastWarmUpAloneFallsShort() throws Exception {
        final Path file = tempDir.resolve("sampling.lock");
        final Path release = anotherJvmShares(file);
        final AtomicInteger calls = new AtomicInteger();

        final CompletableFuture<Samples> sampled = sampling(new Sampling(2, 3, Sampling.CALIBRATE,
                Duration.ofMillis(10), Duration.ofSeconds(60)), file, () -> {
                    calls.incrementAndGet();
                    Thread.sleep(Files.exists(release) ? 1 : 20);
                });
        // Calibration (two rounds of one call) and the first warm-up, then the wait.
        awaitCalls(calls, 3);
        Thread.sleep(WATCH_MILLIS);
        assertThat(calls).hasValue(3);
        Files.createFile(release);

        final Samples samples = sampled.get(30, TimeUnit.SECONDS);
        assertThat(samples.opsPerSample()).as("calls per sample after the last warm-up").isGreaterThan(1);
        assertThat(Arrays.stream(samples.nanosPerOp()).map(nanos -> nanos * samples.opsPerSample()).min()
                .orElseThrow()).isGreaterThanOrEqualTo(Duration.ofMillis(samples.opsPerSample()).toNanos());
    }

    /** Has another JVM hold the lock's file shared, as while it counts; returns the file that lets it go. */
    private Path anotherJvmShares(Path file) throws Exception {
        final Path control = Files.createDirectory(tempDir.resolve("control"));
        start(file, control, "counting", "shared");
        awaitFile(control.resolve("counting.entered"));
        return control.resolve("counting.release");
    }

    /** Samples {@code body} by {@code plan} on a thread of its own, with the JVM's lock of {@code file}. */
    private static CompletableFuture<Samples> sampling(Sampling plan, Path file, Operation body) throws Exception {
        final Sampler sampler = new Sampler(plan, Optional.empty(), Watchdog.Release.nothing("sampler"),
                SamplingLock.at(file));
        return CompletableFuture.supplyAsync(() -> (Samples) unchecked(() -> sampler.run(body, () -> { },
                new RegionTimer())));
    }

    /**
     * Another JVM counts on a server whose processes pause: this JVM times without waiting for its
     * calls, and the processes (the forked one too) are stopped meanwhile and run again after.
     */
    @Test
    void processesThatPauseInAnotherJvmAreStoppedWhileThisOneTimesAndContinueAfter() throws Exception {
        final Path file = tempDir.resolve("sampling.lock");
        final SamplingLock lock = SamplingLock.at(file);
        final List<ProcessHandle> tree = anotherJvmPauses(file, "pauses");

        // Timed work does not wait for the other JVM's work that pauses.
        final Object whileTimed = CompletableFuture.supplyAsync(() -> unchecked(() -> lock.alone(() -> states(tree))))
                .get(30, TimeUnit.SECONDS);

        assertThat(whileTimed).as("the other JVM's processes while this one timed").isEqualTo(List.of('T', 'T'));
        awaitStates(tree, false);
    }

    /** A JVM that exits while its processes are stopped continues them, so they can still be stopped. */
    @Test
    void aJvmThatExitsWhileItsProcessesAreStoppedContinuesThem() throws Exception {
        final Path file = tempDir.resolve("sampling.lock");
        final SamplingLock lock = SamplingLock.at(file);
        final List<ProcessHandle> tree = anotherJvmPauses(file, "pauses-and-leaves");

        try {
            final Object afterExit = CompletableFuture.supplyAsync(() -> unchecked(() -> lock.alone(() -> {
                assertThat(states(tree)).containsOnly('T');
                Files.createFile(tempDir.resolve("control").resolve("counting.release"));
                assertThat(children.get(0).waitFor(30, TimeUnit.SECONDS)).as("the other JVM exited").isTrue();
                return states(tree);
            }))).get(60, TimeUnit.SECONDS);

            assertThat(afterExit).as("its processes once it exited, while this JVM still timed")
                    .isEqualTo(List.of('S', 'S'));
        } finally {
            // Their JVM is gone, so the cleanup after each test no longer finds them.
            tree.forEach(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void processesThatPauseStopWhileThisJvmOrAnotherTimesAndRunWhenNoneDoes() throws Exception {
        final Path file = tempDir.resolve("sampling.lock");
        final Path control = Files.createDirectory(tempDir.resolve("control"));
        final SamplingLock lock = SamplingLock.at(file);
        final Process counting = sleepers();
        children.add(counting);
        lock.shared(() -> {
            lock.pauses(counting.toHandle());
            return null;
        });
        final List<ProcessHandle> tree = tree(counting.pid());
        awaitStates(tree, false);

        assertThat(lock.alone(() -> states(tree))).as("while this JVM timed").containsOnly('T');
        awaitStates(tree, false);

        start(file, control, "other", "alone");
        awaitFile(control.resolve("other.entered"));
        assertThat(states(tree)).as("while another JVM times").containsOnly('T');
        Files.createFile(control.resolve("other.release"));
        awaitStates(tree, false);
    }

    /**
     * Has another JVM count on processes that pause, its counting mode {@code mode} of
     * {@link LockingProcess}; returns them (a process and its child) once they run.
     */
    private List<ProcessHandle> anotherJvmPauses(Path file, String mode) throws Exception {
        final Path control = Files.createDirectory(tempDir.resolve("control"));
        start(file, control, "counting", mode);
        awaitFile(control.resolve("counting.entered"));
        final List<ProcessHandle> tree = tree(Long.parseLong(Files.readString(control.resolve("counting.pid"))));
        assertThat(tree).hasSize(2);
        awaitStates(tree, false);
        return tree;
    }

    /** A process that sleeps with a child of its own that sleeps: a server and its forked backend. */
    private static Process sleepers() throws Exception {
        final Process parent = new ProcessBuilder("sh", "-c", "sleep 600 & exec sleep 600").start();
        final long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (parent.descendants().count() < 1 || !Files.readString(Path.of("/proc", Long.toString(parent.pid()),
                "cmdline")).startsWith("sleep")) {
            assertThat(System.nanoTime()).as("the sleepers started in time").isLessThan(giveUp);
            Thread.sleep(10);
        }
        return parent;
    }

    private static List<ProcessHandle> tree(long pid) {
        final ProcessHandle root = ProcessHandle.of(pid).orElseThrow();
        final List<ProcessHandle> tree = new ArrayList<>(List.of(root));
        root.descendants().forEach(tree::add);
        return tree;
    }

    /** Each process's state letter from {@code /proc}: {@code T} when stopped. */
    private static List<Character> states(List<ProcessHandle> tree) throws Exception {
        final List<Character> states = new ArrayList<>();
        for (ProcessHandle process : tree) {
            states.add(ProcessPause.state(process.pid()).orElseThrow());
        }
        return states;
    }

    private static void awaitStates(List<ProcessHandle> tree, boolean stopped) throws Exception {
        final long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (states(tree).stream().anyMatch(state -> (state == 'T') != stopped)) {
            assertThat(System.nanoTime()).as("processes %s in time: %s", stopped ? "stopped" : "running",
                    states(tree)).isLessThan(giveUp);
            Thread.sleep(10);
        }
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

    private static void awaitCalls(AtomicInteger calls, int count) throws InterruptedException {
        final long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (calls.get() < count) {
            assertThat(System.nanoTime()).as("%d calls made in time", count).isLessThan(giveUp);
            Thread.sleep(10);
        }
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
            switch (args[3]) {
                case "alone" -> lock.alone(hold);
                case "shared" -> lock.shared(hold);
                case "pauses", "pauses-and-leaves" -> {
                    final Process counting = sleepers();
                    lock.shared(() -> {
                        lock.pauses(counting.toHandle());
                        return null;
                    });
                    Files.writeString(control.resolve(name + ".pid"), Long.toString(counting.pid()));
                    hold.run();
                    if (args[3].equals("pauses")) {
                        counting.descendants().forEach(ProcessHandle::destroyForcibly);
                        counting.destroyForcibly();
                    }
                }
                default -> throw new IllegalArgumentException(args[3]);
            }
        }
    }
}
