package dev.dbbench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import dev.dbbench.spec.Sampling;
import dev.dbbench.stats.Summary;
import org.junit.jupiter.api.Test;

class SamplerTest {

    private static final Duration GENEROUS_TIMEOUT = Duration.ofSeconds(60);
    private static final Operation NOTHING = () -> { };

    @Test
    void fixedOpsRunTheBodyOpsTimesForEveryWarmupAndSample() throws Throwable {
        final AtomicInteger bodyCalls = new AtomicInteger();
        final AtomicInteger hookCalls = new AtomicInteger();

        final Samples samples = sampler(3, 4, 5).run(bodyCalls::incrementAndGet, hookCalls::incrementAndGet,
                new RegionTimer());

        assertThat(bodyCalls).hasValue((3 + 4) * 5);
        // The hook prepares every sample, warm-ups included, so warm-ups measure what samples measure.
        assertThat(hookCalls).hasValue(3 + 4);
        assertThat(samples.nanosPerOp()).hasSize(4);
        assertThat(samples.opsPerSample()).isEqualTo(5);
        assertThat(samples.warmups()).isEqualTo(3);
        assertThat(samples.elapsed()).isPositive();
    }

    @Test
    void hookRunsBeforeEachSampleAndNeverInsideOne() throws Throwable {
        final List<String> events = new ArrayList<>();

        sampler(1, 2, 3).run(() -> events.add("op"), () -> events.add("hook"), new RegionTimer());

        assertThat(events).containsExactly(
                "hook", "op", "op", "op",
                "hook", "op", "op", "op",
                "hook", "op", "op", "op");
    }

    @Test
    void aRulerSliceRunsAfterEveryTimedSampleAndNeverInsideOne() throws Throwable {
        final List<String> events = new ArrayList<>();
        final Sampler sampler = new Sampler(new Sampling(1, 2, 2, Duration.ofMillis(1), GENEROUS_TIMEOUT),
                Optional.of(() -> events.add("slice")));

        final Samples samples = sampler.run(() -> events.add("op"), () -> events.add("hook"), new RegionTimer());

        // The warm-up carries no slice: slices rule the timed samples only.
        assertThat(events).containsExactly(
                "hook", "op", "op",
                "hook", "op", "op", "slice",
                "hook", "op", "op", "slice");
        assertThat(samples.rulerSliceNanos()).hasSize(2);
    }

    @Test
    void rulerSliceTimeIsRecordedApartFromTheSamples() throws Throwable {
        final Duration slice = Duration.ofMillis(2);
        final Sampler sampler = new Sampler(new Sampling(0, 5, 1, Duration.ofMillis(1), GENEROUS_TIMEOUT),
                Optional.of(() -> busyWait(slice)));

        final Samples samples = sampler.run(NOTHING, NOTHING, new RegionTimer());

        assertThat(median(samples)).isLessThan(slice.toNanos() / 2.0);
        assertThat(Arrays.stream(samples.rulerSliceNanos()).min().orElseThrow())
                .isGreaterThanOrEqualTo(slice.toNanos());
    }

    @Test
    void samplesInTurnShareOneSlicePerRound() throws Throwable {
        final AtomicInteger slices = new AtomicInteger();
        final Sampler sampler = new Sampler(new Sampling(0, 3, 1, Duration.ofMillis(1), GENEROUS_TIMEOUT),
                Optional.of(slices::incrementAndGet));

        final List<Samples> both = sampler.runInterleaved(List.of(new Sampler.Side(NOTHING, NOTHING,
                new RegionTimer()), new Sampler.Side(NOTHING, NOTHING, new RegionTimer())));

        assertThat(slices).hasValue(3);
        assertThat(both.get(0).rulerSliceNanos()).containsExactly(both.get(1).rulerSliceNanos());
    }

    @Test
    void hookTimeIsNotPartOfTheSample() throws Throwable {
        // A 5 ms hook against a body that does nothing: if the hook were timed, every sample would be >= 5 ms.
        final Samples samples = sampler(0, 5, 1).run(NOTHING, () -> busyWait(Duration.ofMillis(5)), new RegionTimer());

        assertThat(median(samples)).isLessThan(Duration.ofMillis(1).toNanos());
    }

    @Test
    void samplesAreWallTimePerOperation() throws Throwable {
        final Duration op = Duration.ofNanos(500_000);

        final Samples samples = sampler(0, 3, 10).run(() -> busyWait(op), NOTHING, new RegionTimer());

        assertThat(fastest(samples)).isGreaterThanOrEqualTo(op.toNanos());
        // Divided by ops: ten 0.5 ms calls make a 0.5 ms sample, not a 5 ms one. Half of 5 ms leaves room for
        // a loaded machine, and only the fastest sample must stay under it.
        assertThat(fastest(samples)).isLessThan(5.0 * op.toNanos());
    }

    @Test
    void calibrationRaisesOpsUntilASampleLastsTheMinimumSampleTime() throws Throwable {
        final Duration op = Duration.ofNanos(500_000);
        final Duration minSampleTime = Duration.ofMillis(10);
        final int opsToReachIt = (int) (minSampleTime.toNanos() / op.toNanos());
        final AtomicInteger bodyCalls = new AtomicInteger();

        final Samples samples = new Sampler(new Sampling(0, 1, Sampling.CALIBRATE, minSampleTime,
                GENEROUS_TIMEOUT)).run(() -> {
                    bodyCalls.incrementAndGet();
                    busyWait(op);
                }, NOTHING, new RegionTimer());

        // Each call takes at least 0.5 ms, so 20 calls always reach 10 ms and calibration stops before
        // doubling past 2 x 20. Fewer than 20 is possible only if the machine stalls, so the lower bound is loose.
        assertThat(samples.opsPerSample()).isBetween(opsToReachIt / 4, 2 * opsToReachIt);
        // Calibration rounds ran the body too, so it was called more often than the one timed sample.
        assertThat(bodyCalls.get()).isGreaterThan(samples.opsPerSample());
    }

    @Test
    void calibrationStopsAtTheCapForABodyTooFastToReachTheMinimum() throws Throwable {
        final Samples samples = new Sampler(new Sampling(0, 1, Sampling.CALIBRATE, Duration.ofHours(1),
                GENEROUS_TIMEOUT)).run(NOTHING, NOTHING, new RegionTimer());

        assertThat(samples.opsPerSample()).isEqualTo(Sampler.MAX_OPS_PER_SAMPLE);
    }

    @Test
    void calibrationRunsTheHookBeforeEveryRound() throws Throwable {
        final AtomicInteger bodyCalls = new AtomicInteger();
        final AtomicInteger hookCalls = new AtomicInteger();

        final Samples samples = new Sampler(new Sampling(0, 1, Sampling.CALIBRATE, Duration.ofMillis(5),
                GENEROUS_TIMEOUT)).run(() -> {
                    bodyCalls.incrementAndGet();
                    busyWait(Duration.ofNanos(500_000));
                }, hookCalls::incrementAndGet, new RegionTimer());

        // One round at 1 op is never enough for 5 ms, so at least two rounds plus the timed sample.
        assertThat(hookCalls.get()).isGreaterThanOrEqualTo(3);
        assertThat(bodyCalls.get()).isGreaterThan(samples.opsPerSample());
    }

    @Test
    void regionTimerTimesOnlyTheRegion() throws Throwable {
        final RegionTimer timer = new RegionTimer();

        final Samples samples = sampler(1, 5, 3).run(() -> {
            busyWait(Duration.ofMillis(2));
            timer.start();
            timer.stop();
        }, NOTHING, timer);

        // 2 ms of untimed work per op; an empty region is nanoseconds. A tenth of the untimed work is loose,
        // and the median forgives a sample a preemption happened to land in.
        assertThat(median(samples)).isLessThan(Duration.ofMillis(2).toNanos() / 10.0);
    }

    @Test
    void regionTimesAddUpOverTheOperationsOfASample() throws Throwable {
        final RegionTimer timer = new RegionTimer();

        final Samples samples = sampler(0, 3, 3).run(() -> {
            busyWait(Duration.ofMillis(1));
            timer.start();
            busyWait(Duration.ofMillis(1));
            timer.stop();
        }, NOTHING, timer);

        // Each op's region takes >= 1 ms; keeping only the last region would give a third of that per op.
        assertThat(fastest(samples)).isGreaterThanOrEqualTo(Duration.ofMillis(1).toNanos());
    }

    @Test
    void sampleWithoutRegionIsTimedWholeEvenIfAnEarlierSampleUsedTheTimer() throws Throwable {
        final RegionTimer timer = new RegionTimer();
        final AtomicInteger call = new AtomicInteger();

        final Samples samples = sampler(0, 2, 1).run(() -> {
            busyWait(Duration.ofMillis(2));
            if (call.incrementAndGet() == 1) {
                timer.start();
                timer.stop();
            }
        }, NOTHING, timer);

        final double[] nanos = samples.nanosPerOp();
        assertThat(nanos[0]).isLessThan(Duration.ofMillis(2).toNanos() / 2.0);
        assertThat(nanos[1]).isGreaterThanOrEqualTo(Duration.ofMillis(2).toNanos());
    }

    @Test
    void startingTheTimerTwiceIsRejected() {
        final RegionTimer timer = new RegionTimer();

        assertThatThrownBy(() -> sampler(0, 1, 1).run(() -> {
            timer.start();
            timer.start();
        }, NOTHING, timer))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("SampleTimer.start() called twice without stop()");
    }

    @Test
    void stoppingTheTimerWithoutStartingItIsRejected() {
        final RegionTimer timer = new RegionTimer();

        assertThatThrownBy(() -> sampler(0, 1, 1).run(timer::stop, NOTHING, timer))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("SampleTimer.stop() called without start()");
    }

    @Test
    void bodyReturningWithTheTimerRunningIsRejected() {
        final RegionTimer timer = new RegionTimer();

        assertThatThrownBy(() -> sampler(0, 1, 1).run(timer::start, NOTHING, timer))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("SampleTimer.start() was not followed by stop() before the body returned");
    }

    @Test
    void timeoutDuringSamplesNamesThePhaseAndHowFarItGot() {
        final AtomicInteger bodyCalls = new AtomicInteger();
        final Sampler sampler = new Sampler(new Sampling(0, 100, 1, Duration.ofMillis(1), Duration.ofSeconds(1)));

        final Throwable thrown = catchThrowable(() -> sampler.run(() -> {
            bodyCalls.incrementAndGet();
            Thread.sleep(50);
        }, NOTHING, new RegionTimer()));

        assertThat(thrown).isInstanceOf(BenchmarkTimeoutException.class)
                .hasMessageContaining("timeout of 1 s")
                .hasMessageContaining("during sample " + bodyCalls.get() + " of 100")
                .hasMessageContaining("raise timeoutSeconds");
        // 100 samples of 50 ms would take 5 s; the 1 s timeout must stop it at about a fifth of that.
        assertThat(bodyCalls.get()).isBetween(2, 99);
    }

    @Test
    void timeoutDuringWarmupsNamesTheWarmupPhase() {
        final AtomicInteger bodyCalls = new AtomicInteger();
        final Sampler sampler = new Sampler(new Sampling(100, 1, 1, Duration.ofMillis(1), Duration.ofSeconds(1)));

        final Throwable thrown = catchThrowable(() -> sampler.run(() -> {
            bodyCalls.incrementAndGet();
            Thread.sleep(50);
        }, NOTHING, new RegionTimer()));

        assertThat(thrown).isInstanceOf(BenchmarkTimeoutException.class)
                .hasMessageContaining("during warm-up " + bodyCalls.get() + " of 100");
        assertThat(bodyCalls.get()).isBetween(2, 99);
    }

    @Test
    void aCallThatNeverReturnsIsInterruptedAtTheDeadlineAndSaysWhereItWas() {
        final AtomicInteger bodyCalls = new AtomicInteger();
        final List<String> threads = new ArrayList<>();
        final Sampler sampler = new Sampler(new Sampling(0, 10, 1, Duration.ofMillis(1), Duration.ofSeconds(1)));
        final long start = System.nanoTime();

        final Throwable thrown = catchThrowable(() -> sampler.run(() -> {
            threads.add(Thread.currentThread().getName());
            if (bodyCalls.incrementAndGet() == 3) {
                Thread.sleep(600_000);
            }
        }, NOTHING, new RegionTimer()));

        assertThat(thrown).isInstanceOf(BenchmarkTimeoutException.class)
                .hasMessageStartingWith("benchmark exceeded its timeout of 1 s during sample 3 of 10 (1 call per"
                        + " sample): a call had not returned by the deadline; dbbench interrupted it and it returned."
                        + " Find what the call waits for (the cause below is where it was at the deadline)");
        assertThat(thrown.getCause().getStackTrace()).extracting(StackTraceElement::getMethodName).contains("sleep");
        assertThat(thrown.getSuppressed()).singleElement().isInstanceOf(InterruptedException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1).plus(Watchdog.GRACE));
        // The samples ran on a thread of their own, one for all of them, not one per call.
        assertThat(threads).hasSize(3).containsOnly("dbbench sampler");
    }

    @Test
    void aCallThatIgnoresItsInterruptIsReleasedAfterTheGracePeriod() {
        final CountDownLatch released = new CountDownLatch(1);
        final Sampler sampler = new Sampler(new Sampling(0, 3, 2, Duration.ofMillis(1), Duration.ofSeconds(1)),
                Optional.empty(), new Watchdog.Release("stubborn", "closed its connections", released::countDown));
        final long start = System.nanoTime();

        final Throwable thrown = catchThrowable(() -> sampler.run(() -> {
            while (released.getCount() > 0) {
                try {
                    released.await();
                } catch (InterruptedException ignored) {
                    // keeps waiting, as a badly written retry loop does
                }
            }
        }, NOTHING, new RegionTimer()));

        assertThat(thrown).isInstanceOf(BenchmarkTimeoutException.class)
                .hasMessageStartingWith("benchmark exceeded its timeout of 1 s during sample 1 of 3 (2 calls per"
                        + " sample): a call had not returned by the deadline; dbbench interrupted it, it did not return"
                        + " within 2 s, so dbbench closed its connections, which ended the call.");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Watchdog.GRACE)
                .isLessThan(Duration.ofSeconds(1).plus(Watchdog.GRACE).plus(Watchdog.AFTER_RELEASE));
    }

    @Test
    void aCallThatNothingEndsIsLeftBehind() {
        final CountDownLatch never = new CountDownLatch(1);
        final Sampler sampler = new Sampler(new Sampling(1, 3, 1, Duration.ofMillis(1), Duration.ofSeconds(1)));
        try {
            final Throwable thrown = catchThrowable(() -> sampler.run(() -> {
                while (never.getCount() > 0) {
                    try {
                        never.await();
                    } catch (InterruptedException ignored) {
                        // keeps waiting
                    }
                }
            }, NOTHING, new RegionTimer()));

            assertThat(thrown).isInstanceOf(BenchmarkTimeoutException.class)
                    .hasMessageStartingWith("benchmark exceeded its timeout of 1 s during warm-up 1 of 1 (1 call per"
                            + " sample): a call had not returned by the deadline; dbbench interrupted it, it did not"
                            + " return within 2 s, and stopped waiting for it: it may still be running.");
        } finally {
            never.countDown();
        }
    }

    @Test
    void bodyExceptionPropagatesUnchanged() {
        final IOException failure = new IOException("connection reset");

        final Throwable thrown = catchThrowable(() -> sampler(2, 3, 1).run(() -> {
            throw failure;
        }, NOTHING, new RegionTimer()));

        // Not wrapped: the user's stack trace and exception type are what the test report must show.
        assertThat(thrown).isSameAs(failure);
    }

    @Test
    void hookExceptionPropagatesUnchangedAndTheBodyNeverRuns() {
        final IllegalStateException failure = new IllegalStateException("truncate failed");
        final AtomicInteger bodyCalls = new AtomicInteger();

        final Throwable thrown = catchThrowable(() -> sampler(0, 3, 1).run(bodyCalls::incrementAndGet, () -> {
            throw failure;
        }, new RegionTimer()));

        assertThat(thrown).isSameAs(failure);
        assertThat(bodyCalls).hasValue(0);
    }

    @Test
    void samplesKeepTheirOwnCopyOfTheTimes() {
        final double[] nanos = {1, 2, 3};
        final Samples samples = new Samples(nanos, 1, 0, Duration.ZERO);

        nanos[0] = 99;
        samples.nanosPerOp()[1] = 99;

        assertThat(samples.nanosPerOp()).containsExactly(1, 2, 3);
    }

    @Test
    void planRejectsImpossibleCounts() {
        assertThatThrownBy(() -> new Sampling(0, 0, 1, Duration.ZERO, GENEROUS_TIMEOUT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("samples=0");
        assertThatThrownBy(() -> new Sampling(-1, 1, 1, Duration.ZERO, GENEROUS_TIMEOUT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("warmups=-1");
        assertThatThrownBy(() -> new Sampling(0, 1, -1, Duration.ZERO, GENEROUS_TIMEOUT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("opsPerSample=-1");
    }

    private static Sampler sampler(int warmups, int samples, int opsPerSample) {
        return new Sampler(new Sampling(warmups, samples, opsPerSample, Duration.ofMillis(1), GENEROUS_TIMEOUT));
    }

    private static double median(Samples samples) {
        return Summary.of(samples.nanosPerOp()).median();
    }

    private static double fastest(Samples samples) {
        return Arrays.stream(samples.nanosPerOp()).min().orElseThrow();
    }

    /** Spins rather than sleeps: a sleep can overshoot by milliseconds, a spin only by a preemption. */
    private static void busyWait(Duration duration) {
        final long until = System.nanoTime() + duration.toNanos();
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }

    @Test
    void timeoutIsHonouredInsideACalibrationSample() {
        final long start = System.nanoTime();
        final Sampler sampler = new Sampler(new Sampling(0, 1, Sampling.CALIBRATE, Duration.ofSeconds(3),
                Duration.ofSeconds(1)));

        final Throwable thrown = catchThrowable(() -> sampler.run(() -> Thread.sleep(50), () -> { }, new RegionTimer()));

        assertThat(thrown).isInstanceOf(BenchmarkTimeoutException.class).hasMessageContaining("during calibration");
        // One calibration sample would take 3 s; the 1 s timeout must cut it short.
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(2500));
    }
}
