package dev.dbbench.measure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

import org.HdrHistogram.Histogram;

/**
 * Client threads that call a benchmark body at once, sample after sample. Each client calls its own
 * operation (the body with injected values of its own) in a closed loop, its next call as soon as the
 * last returned. All clients start a sample together at a barrier and meet at another when it ends,
 * so whatever runs between samples (hooks, ruler slices) runs alone. Each client records its calls'
 * latencies in an HdrHistogram of its own, merged once the sample is over: recording takes no lock
 * and writes nothing another client reads.
 *
 * <p>A client reads the clock once per call: the end of one call is the start of the next, so a
 * call's latency includes the few nanoseconds of recording the previous one.
 */
final class ClientGroup implements AutoCloseable {

    /** Significant decimal digits the latency histograms keep: values to within 0.1 %. */
    static final int SIGNIFICANT_DIGITS = 3;

    /** What follows the sampling thread's name in the name of each of its clients. */
    private static final String CLIENT = " client ";

    /** The latency percentiles every sample reports: p50, p90, p99, p99.9. */
    static final double[] PERCENTILES = {50, 90, 99, 99.9};

    /**
     * What one sample of all clients measured.
     *
     * @param calls the calls all clients completed
     * @param nanosPerCall the mean time of a call: the clients' time calling over their calls
     * @param opsPerSecond the calls over the sample's wall time, from the first client's start to the
     *     last client's end
     * @param allocatedBytesPerCall the bytes all clients allocated over their calls
     * @param percentiles the calls' latencies at {@link #PERCENTILES}, in nanoseconds
     */
    record Sample(long calls, double nanosPerCall, double opsPerSecond, double allocatedBytesPerCall,
            double[] percentiles) {
    }

    private final List<Client> clients = new ArrayList<>();
    private final CyclicBarrier start;
    private final CyclicBarrier end;
    private final Histogram merged = new Histogram(SIGNIFICANT_DIGITS);
    private volatile long callsPerClient;
    private volatile long durationNanos;
    private volatile long deadline;

    /** Whether {@code client} is a client thread of a group started by the thread named {@code thread}. */
    static boolean isClientOf(Thread client, String thread) {
        return client.getName().startsWith(thread + CLIENT);
    }

    /** Starts one waiting client thread per operation, named after {@code thread}. */
    ClientGroup(List<Operation> calls, String thread) {
        start = new CyclicBarrier(calls.size() + 1, () -> deadline = System.nanoTime() + durationNanos);
        end = new CyclicBarrier(calls.size() + 1);
        for (int i = 0; i < calls.size(); i++) {
            clients.add(new Client(calls.get(i), thread + CLIENT + (i + 1) + " of " + calls.size()));
        }
        clients.forEach(client -> client.thread.start());
    }

    /** The client figures of a sampling's timed samples, in order. */
    ClientSamples summary(Sample[] samples) {
        final double[][] percentiles = new double[PERCENTILES.length][samples.length];
        for (int i = 0; i < samples.length; i++) {
            for (int p = 0; p < PERCENTILES.length; p++) {
                percentiles[p][i] = samples[i].percentiles()[p];
            }
        }
        return new ClientSamples(clients.size(), Arrays.stream(samples).mapToDouble(Sample::opsPerSecond).toArray(),
                percentiles[0], percentiles[1], percentiles[2], percentiles[3]);
    }

    /**
     * Runs one sample: each client makes {@code callsPerClient} calls, or when that is 0, calls until
     * {@code duration} has passed since the start (and at least once).
     *
     * @throws Throwable what a call threw, the first of them with the others suppressed into it
     */
    Sample run(int callsPerClient, Duration duration) throws Throwable {
        this.callsPerClient = callsPerClient;
        this.durationNanos = duration.toNanos();
        await(start);
        await(end);
        return collect();
    }

    private static void await(CyclicBarrier barrier) throws InterruptedException {
        try {
            barrier.await();
        } catch (BrokenBarrierException e) {
            throw new IllegalStateException("a client thread stopped before the sample ended", e);
        }
    }

    private Sample collect() throws Throwable {
        Throwable failure = null;
        long calls = 0;
        long busy = 0;
        long allocated = 0;
        long first = clients.get(0).began;
        long last = clients.get(0).ended;
        merged.reset();
        for (Client client : clients) {
            if (client.failure != null) {
                if (failure == null) {
                    failure = client.failure;
                } else {
                    failure.addSuppressed(client.failure);
                }
            }
            calls += client.calls;
            busy += client.ended - client.began;
            allocated += client.allocated;
            // Clock readings compare by their difference, which stays right across the clock's overflow.
            first = client.began - first < 0 ? client.began : first;
            last = client.ended - last > 0 ? client.ended : last;
            merged.add(client.histogram);
        }
        if (failure != null) {
            throw failure;
        }
        final double[] percentiles = new double[PERCENTILES.length];
        for (int i = 0; i < percentiles.length; i++) {
            percentiles[i] = merged.getValueAtPercentile(PERCENTILES[i]);
        }
        return new Sample(calls, (double) busy / calls, calls * 1e9 / Math.max(1, last - first),
                (double) allocated / calls, percentiles);
    }

    /**
     * Stops the clients and waits until every one has left, also one still inside a call. The
     * sampling's {@link Watchdog} bounds this wait: a sampling thread that returned while a client
     * was still calling would tell it the call had returned, and it would neither free the
     * connections the call is blocked on nor say that the call may still be running.
     */
    @Override
    public void close() {
        clients.forEach(client -> client.thread.interrupt());
        try {
            for (Client client : clients) {
                client.thread.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One client: its thread, its histogram, and what it measured in the last sample. */
    private final class Client implements Runnable {

        private final Operation call;
        private final Thread thread;
        private final Histogram histogram = new Histogram(SIGNIFICANT_DIGITS);
        private long calls;
        private long began;
        private long ended;
        private long allocated;
        private Throwable failure;

        Client(Operation call, String name) {
            this.call = call;
            this.thread = new Thread(this, name);
            thread.setDaemon(true);
            thread.setContextClassLoader(Thread.currentThread().getContextClassLoader());
        }

        @Override
        public void run() {
            try {
                while (true) {
                    start.await();
                    sample();
                    end.await();
                }
            } catch (InterruptedException | BrokenBarrierException e) {
                // The group closed, or the sampling thread stopped waiting (its timeout): nothing more to do.
            }
        }

        /** Calls until this client's share of the sample is done: at least once, also after a late start. */
        private void sample() {
            histogram.reset();
            failure = null;
            final long limit = callsPerClient > 0 ? callsPerClient : Long.MAX_VALUE;
            final boolean timed = callsPerClient == 0;
            final long until = deadline;
            final long allocatedBefore = ThreadAllocation.current();
            long last = System.nanoTime();
            long count = 0;
            began = last;
            try {
                do {
                    call.run();
                    final long now = System.nanoTime();
                    histogram.recordValue(now - last);
                    last = now;
                    count++;
                } while (count < limit && !(timed && last - until >= 0));
            } catch (Throwable e) {
                failure = e;
            }
            ended = last;
            calls = count;
            allocated = ThreadAllocation.current() - allocatedBefore;
        }
    }
}
