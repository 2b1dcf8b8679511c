package dev.dbbench.measure;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Bounds one part of a benchmark that calls its body (the samples, the capture call) by the
 * benchmark's timeout, the way JUnit's preemptive {@code @Timeout} bounds a test: the part runs on
 * a thread of its own while the caller waits; at the deadline that thread is interrupted, and if the
 * body has not returned a grace period later, what it may be blocked on is released (the
 * connections dbbench gave it) and the caller stops waiting. One thread per part, never per call,
 * so the timed loop runs exactly as it would on the caller's thread.
 */
public final class Watchdog {

    /** How long a body gets to return once interrupted, before what it holds is released. */
    static final Duration GRACE = Duration.ofSeconds(2);

    /** How long to wait after the release to tell whether it ended the call. */
    static final Duration AFTER_RELEASE = Duration.ofSeconds(1);

    private static final String ADVICE = "raise timeoutSeconds, lower samples or warmups, or make the body faster";

    /** The work of one bounded part. */
    @FunctionalInterface
    public interface Work<T> {
        T run() throws Throwable;
    }

    /**
     * What the watchdog can free when a body does not return even when interrupted.
     *
     * @param thread names the thread the body runs on, as a thread dump shows it
     * @param action what closing {@code resources} does, as the message says it, such as "closed its
     *     connections"; empty when there is nothing to free
     */
    public record Release(String thread, String action, AutoCloseable resources) {

        /** Nothing to free: a body that does not return is only interrupted, then left behind. */
        public static Release nothing(String thread) {
            return new Release(thread, "", () -> { });
        }
    }

    private final Duration timeout;
    private final Release release;
    private final long deadline;

    /** A watchdog whose deadline is {@code timeout} from now. */
    public Watchdog(Duration timeout, Release release) {
        this(timeout, release, System.nanoTime() + timeout.toNanos());
    }

    private Watchdog(Duration timeout, Release release, long deadline) {
        this.timeout = timeout;
        this.release = release;
        this.deadline = deadline;
    }

    /** This watchdog with its deadline {@code nanos} later: for a part that waited that long without working. */
    public Watchdog extended(long nanos) {
        return new Watchdog(timeout, release, deadline + nanos);
    }

    /** How long the bounded part may take in all, and each statement it runs. */
    public Duration timeout() {
        return timeout;
    }

    /** Whether the deadline has passed; for checks between samples. */
    boolean passed() {
        return System.nanoTime() - deadline > 0;
    }

    /** The failure of a part that reached its deadline between two calls of the body. */
    BenchmarkTimeoutException exceeded(String phase) {
        return new BenchmarkTimeoutException(start(phase) + "; " + ADVICE);
    }

    private String start(String phase) {
        return "benchmark exceeded its timeout of " + timeout.toSeconds() + " s during " + phase;
    }

    /**
     * Runs {@code work} on a thread of its own and returns what it returned or throws what it threw,
     * unchanged; past the deadline, throws a {@link BenchmarkTimeoutException} instead.
     *
     * @param progress says how far the work got, read once at the deadline
     */
    public <T> T call(Supplier<String> progress, Work<T> work) throws Throwable {
        final Outcome<T> outcome = new Outcome<>();
        final Thread worker = new Thread(() -> outcome.complete(work), release.thread());
        worker.setDaemon(true);
        worker.setContextClassLoader(Thread.currentThread().getContextClassLoader());
        worker.start();
        try {
            if (outcome.await(deadline - System.nanoTime())) {
                return outcome.result();
            }
            throw timedOut(worker, outcome, progress.get());
        } catch (InterruptedException e) {
            // The caller itself was stopped (JUnit's own timeout, say): the body must not go on unasked.
            worker.interrupt();
            throw e;
        }
    }

    private BenchmarkTimeoutException timedOut(Thread worker, Outcome<?> outcome, String where)
            throws InterruptedException {
        final StackAtDeadline stack = new StackAtDeadline(worker);
        worker.interrupt();
        final StringBuilder message = new StringBuilder(start(where))
                .append(": a call had not returned by the deadline; dbbench interrupted it");
        Exception releaseFailure = null;
        if (outcome.await(GRACE.toNanos())) {
            if (outcome.failure instanceof BenchmarkTimeoutException between) {
                // The deadline passed between two calls after all, and the work said so itself.
                return between;
            }
            message.append(" and it returned");
        } else {
            message.append(", it did not return within ").append(GRACE.toSeconds()).append(" s");
            try {
                release.resources().close();
            } catch (Exception e) {
                releaseFailure = e;
            }
            final boolean released = !release.action().isEmpty();
            if (released) {
                message.append(", so dbbench ").append(release.action());
            }
            if (!outcome.await(AFTER_RELEASE.toNanos())) {
                message.append(", and stopped waiting for it: it may still be running");
            } else {
                message.append(released ? ", which ended the call" : ", and returned a moment later");
            }
        }
        message.append(". Find what the call waits for (the cause below is where it was at the deadline), or ")
                .append(ADVICE);
        final BenchmarkTimeoutException timeout = new BenchmarkTimeoutException(message.toString(), stack);
        if (outcome.failure != null) {
            timeout.addSuppressed(outcome.failure);
        }
        if (releaseFailure != null) {
            timeout.addSuppressed(releaseFailure);
        }
        return timeout;
    }

    /** What the work returned or threw, once it has. */
    private static final class Outcome<T> {

        private final CountDownLatch done = new CountDownLatch(1);
        private volatile T value;
        private volatile Throwable failure;

        void complete(Work<T> work) {
            try {
                value = work.run();
            } catch (Throwable e) {
                failure = e;
            } finally {
                done.countDown();
            }
        }

        boolean await(long nanos) throws InterruptedException {
            return done.await(Math.max(0, nanos), TimeUnit.NANOSECONDS);
        }

        T result() throws Throwable {
            if (failure != null) {
                throw failure;
            }
            return value;
        }
    }

    /**
     * Where the thread running a body was when its deadline passed: its stack trace is that thread's.
     * With client threads ({@code @DbBenchmark(threads)}) that thread only waits for them, so each
     * client's own stack is added as a suppressed exception, the one stuck in the call among them.
     */
    private static final class StackAtDeadline extends Exception {

        private static final long serialVersionUID = 1L;

        StackAtDeadline(Thread thread) {
            this(thread.getName(), thread.getStackTrace());
            final Map<String, StackTraceElement[]> clients = new TreeMap<>();
            Thread.getAllStackTraces().forEach((other, stack) -> {
                if (ClientGroup.isClientOf(other, thread.getName())) {
                    clients.put(other.getName(), stack);
                }
            });
            clients.forEach((name, stack) -> addSuppressed(new StackAtDeadline(name, stack)));
        }

        private StackAtDeadline(String thread, StackTraceElement[] stack) {
            super("where " + thread + " was at the deadline");
            setStackTrace(stack);
        }
    }
}
