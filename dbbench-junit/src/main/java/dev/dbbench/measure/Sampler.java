package dev.dbbench.measure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import dev.dbbench.engine.ServerCpuProbe;
import dev.dbbench.spec.Sampling;
import dev.dbbench.stats.Summary;

/**
 * Runs a benchmark body according to a {@link Sampling}: calibration when asked for, warm-ups,
 * then timed samples, with an untimed hook before each sample and, when given, a timed slice of the
 * machine-speed ruler after each.
 */
public final class Sampler {

    /** Cap on calibrated operations per sample, so an empty body cannot make a sample run for ever. */
    static final int MAX_OPS_PER_SAMPLE = 1 << 24;

    private final Sampling plan;
    private final Optional<Operation> rulerSlice;
    private final Watchdog.Release release;
    private final SamplingLock lock;

    public Sampler(Sampling plan) {
        this(plan, Optional.empty());
    }

    /** A sampler with nothing to free when a call does not return by its timeout. */
    public Sampler(Sampling plan, Optional<Operation> rulerSlice) {
        this(plan, rulerSlice, Watchdog.Release.nothing("dbbench sampler"));
    }

    /**
     * @param rulerSlice a short fixed workload timed after every sample, outside it, so the run
     *     carries a reading of the machine's speed taken at the very moments its samples were
     * @param release what to free when a call does not return after its timeout, even when interrupted
     */
    public Sampler(Sampling plan, Optional<Operation> rulerSlice, Watchdog.Release release) {
        this(plan, rulerSlice, release, SamplingLock.NONE);
    }

    /**
     * @param lock keeps the timed part of sampling alone on the machine: calibration and every warm-up
     *     but the last prepare the JIT, the caches and the server, and run {@linkplain SamplingLock#shared
     *     shared}, beside other JVMs' untimed work; the last warm-up, which leaves the state the samples
     *     start from and confirms their calls per sample, and the samples themselves run
     *     {@linkplain SamplingLock#alone alone}. Without warm-ups, calibration runs alone too.
     */
    public Sampler(Sampling plan, Optional<Operation> rulerSlice, Watchdog.Release release, SamplingLock lock) {
        this.plan = plan;
        this.rulerSlice = rulerSlice;
        this.release = release;
        this.lock = lock;
    }

    /** Probe reads taken back to back to learn what the probe itself costs the server. */
    static final int PROBE_CALIBRATION_READS = 7;

    /**
     * One benchmark body to sample, with its untimed per-sample hook, its region timer and, where the
     * engine can tell, a probe of the server CPU time spent for it.
     *
     * @param clients for a body that client threads call at once, each client's call (the body with
     *     values of its own), the first being {@code body}; empty for a body that runs alone
     */
    public record Side(Operation body, Operation beforeSample, RegionTimer timer, Optional<ServerCpuProbe> serverCpu,
            List<Operation> clients) {

        public Side {
            clients = List.copyOf(clients);
        }

        public Side(Operation body, Operation beforeSample, RegionTimer timer, Optional<ServerCpuProbe> serverCpu) {
            this(body, beforeSample, timer, serverCpu, List.of());
        }

        public Side(Operation body, Operation beforeSample, RegionTimer timer) {
            this(body, beforeSample, timer, Optional.empty());
        }

        /**
         * A body that client threads call at once, one per call in {@code clients}; each call is timed
         * whole, and each sample lasts the sampling's minimum sample time unless it fixes the calls of
         * each client.
         */
        public static Side clients(List<Operation> clients, Operation beforeSample) {
            return new Side(clients.get(0), beforeSample, new RegionTimer(), Optional.empty(), clients);
        }
    }

    /**
     * Samples {@code body}.
     *
     * @param beforeSample runs untimed before every sample, calibration and warm-ups included
     * @param timer the timer the body may use to time only a region of itself
     */
    public Samples run(Operation body, Operation beforeSample, RegionTimer timer) throws Throwable {
        return run(new Side(body, beforeSample, timer));
    }

    public Samples run(Side side) throws Throwable {
        return runInterleaved(List.of(side)).get(0);
    }

    /**
     * Samples several bodies in turn, one sample of each before the next of any (A B A B ...), so
     * drift in the machine's speed hits every side alike and their ratio stays fair. Each side is
     * calibrated on its own; the timeout covers them all (but not the waits for the lock), and bounds
     * each call too: the sides are sampled on a thread of their own, which a {@link Watchdog}
     * interrupts at the deadline.
     */
    public List<Samples> runInterleaved(List<Side> sides) throws Throwable {
        final Progress progress = new Progress();
        if (plan.warmups() == 0) {
            // Calibration is then all that prepares the samples, and runs alone with them.
            return lock.alone(() -> sampled(prepared(sides, progress), sides, progress));
        }
        final Prepared prepared = lock.shared(() -> prepared(sides, progress));
        return lock.alone(() -> sampled(prepared, sides, progress));
    }

    /**
     * What calibration and the warm-ups before the last left: each side's calls per sample, the
     * watchdog of the sampling, and when the part ended and how long it took.
     */
    private record Prepared(int[] ops, Watchdog watchdog, long tookNanos, long endedAt) {
    }

    /**
     * Calibration and the warm-ups before the last. Each part starts its sides' client threads on
     * the watchdog's thread and stops them there, so a client that never returns holds up only that
     * thread, which the watchdog abandons.
     */
    private Prepared prepared(List<Side> sides, Progress progress) throws Throwable {
        final Watchdog watchdog = new Watchdog(plan.timeout(), release);
        final long start = System.nanoTime();
        final int[] ops = watchdog.call(progress::describe, () -> {
            try (Clients clients = new Clients(sides, release.thread(), plan.minSampleTime())) {
                final int[] calibrated = calibrated(sides, watchdog, progress);
                warmUps(sides, clients, calibrated, plan.warmups() - 1, watchdog, progress);
                return calibrated;
            }
        });
        final long ended = System.nanoTime();
        return new Prepared(ops, watchdog, ended - start, ended);
    }

    /** The last warm-up and the timed samples; the wait for the lock since the preparation is not the timeout's. */
    private List<Samples> sampled(Prepared prepared, List<Side> sides, Progress progress) throws Throwable {
        final long start = System.nanoTime();
        final Watchdog watchdog = prepared.watchdog().extended(start - prepared.endedAt());
        return watchdog.call(progress::describe, () -> {
            try (Clients clients = new Clients(sides, release.thread(), plan.minSampleTime())) {
                if (plan.warmups() > 0) {
                    lastWarmUp(sides, clients, prepared.ops(), watchdog, progress);
                }
                return sample(sides, clients, prepared.ops(), prepared.tookNanos(), start, watchdog, progress);
            }
        });
    }

    /** Each side's calls per sample: calibrated where the plan asks for it and the side has no clients. */
    private int[] calibrated(List<Side> sides, Watchdog watchdog, Progress progress) throws Throwable {
        final int[] ops = new int[sides.size()];
        for (int s = 0; s < sides.size(); s++) {
            final Side side = sides.get(s);
            // Clients are not calibrated: their samples last the minimum sample time unless the calls are fixed.
            ops[s] = calibrates(side)
                    ? calibrate(side.body(), side.beforeSample(), side.timer(), watchdog, progress)
                    : plan.opsPerSample();
        }
        return ops;
    }

    private boolean calibrates(Side side) {
        return plan.opsPerSample() == Sampling.CALIBRATE && side.clients().isEmpty();
    }

    /**
     * The timed samples, after warm-ups; {@code warmingNanos} is what a part of them already took,
     * counted in the sampling's elapsed time from {@code start} on.
     */
    private List<Samples> sample(List<Side> sides, Clients clients, int[] ops, long warmingNanos, long start,
            Watchdog watchdog, Progress progress) throws Throwable {
        final Rounds rounds = new Rounds(sides, clients, plan.samples(), rulerSlice.isPresent());
        for (int i = 0; i < plan.samples(); i++) {
            for (int s = 0; s < sides.size(); s++) {
                progress.at("sample", i + 1, plan.samples(), ops[s]);
                rounds.sample(s, i, ops[s]);
            }
            if (rulerSlice.isPresent()) {
                progress.at("the ruler slice after sample", i + 1, plan.samples(), 0);
                rounds.sliceNanos[i] = timedSlice(rulerSlice.get());
            }
            if (i + 1 < plan.samples()) {
                checkDeadline(watchdog, "sample " + (i + 1) + " of " + plan.samples(), 0);
            }
        }
        return samples(rounds, clients, ops, Duration.ofNanos(warmingNanos + System.nanoTime() - start));
    }

    /** The first {@code count} warm-ups of every side, in turn. */
    private void warmUps(List<Side> sides, Clients clients, int[] ops, int count, Watchdog watchdog,
            Progress progress) throws Throwable {
        for (int i = 0; i < count; i++) {
            for (int s = 0; s < sides.size(); s++) {
                warmUp(sides.get(s), clients, s, i + 1, ops[s], progress);
            }
            checkDeadline(watchdog, "warm-up " + (i + 1) + " of " + plan.warmups(), 0);
        }
    }

    /**
     * The last warm-up of every side, alone on the machine. A calibrated side was calibrated beside
     * other work, which may have made its calls slower than they are alone: where this warm-up falls
     * short of the minimum sample time, its calls per sample grow and it runs again, until one does not.
     */
    private void lastWarmUp(List<Side> sides, Clients clients, int[] ops, Watchdog watchdog, Progress progress)
            throws Throwable {
        final long target = plan.minSampleTime().toNanos();
        final int last = plan.warmups();
        for (int s = 0; s < sides.size(); s++) {
            long nanos = warmUp(sides.get(s), clients, s, last, ops[s], progress);
            while (calibrates(sides.get(s)) && nanos < target && ops[s] < MAX_OPS_PER_SAMPLE) {
                ops[s] = aimedPast(ops[s], nanos, target);
                checkDeadline(watchdog, "warm-up " + last + " of " + last, 0);
                nanos = warmUp(sides.get(s), clients, s, last, ops[s], progress);
            }
        }
        checkDeadline(watchdog, "warm-up " + last + " of " + last, 0);
    }

    /**
     * Warm-up {@code number} of side {@code s}: its hook, then its calls. Returns how long the calls
     * took, for a side without client threads (0 for one with them).
     */
    private long warmUp(Side side, Clients clients, int s, int number, int ops, Progress progress) throws Throwable {
        progress.at("warm-up", number, plan.warmups(), ops);
        side.beforeSample().run();
        if (clients.has(s)) {
            clients.run(s, ops);
            return 0;
        }
        return timed(side, ops);
    }

    /** Each side's samples, from the rounds of its timed samples. */
    private List<Samples> samples(Rounds rounds, Clients clients, int[] ops, Duration elapsed) {
        final List<Samples> result = new ArrayList<>();
        for (int s = 0; s < ops.length; s++) {
            final Optional<ClientSamples> sampled = clients.has(s)
                    ? Optional.of(clients.summary(s, rounds.clientSamples[s])) : Optional.empty();
            // With clients, the calls of a sample are those of all clients, fixed or as many as fitted the time.
            result.add(new Samples(rounds.nanosPerOp[s], sampled.isPresent() ? medianCalls(rounds.clientSamples[s])
                    : ops[s], plan.warmups(), elapsed, rounds.serverNanosPerOp[s], rounds.sliceNanos,
                    rounds.allocatedBytesPerOp[s], sampled));
        }
        return result;
    }

    /** The client threads of the sides that have them, started for one sampling and stopped after it. */
    private static final class Clients implements AutoCloseable {

        private final List<Optional<ClientGroup>> groups = new ArrayList<>();
        private final Duration sampleTime;

        Clients(List<Side> sides, String thread, Duration sampleTime) {
            this.sampleTime = sampleTime;
            for (Side side : sides) {
                groups.add(side.clients().isEmpty() ? Optional.empty()
                        : Optional.of(new ClientGroup(side.clients(), thread)));
            }
        }

        boolean has(int side) {
            return groups.get(side).isPresent();
        }

        ClientGroup.Sample run(int side, int callsPerClient) throws Throwable {
            return groups.get(side).orElseThrow().run(callsPerClient, sampleTime);
        }

        ClientSamples summary(int side, ClientGroup.Sample[] samples) {
            return groups.get(side).orElseThrow().summary(samples);
        }

        @Override
        public void close() {
            groups.forEach(group -> group.ifPresent(ClientGroup::close));
        }
    }

    private static int medianCalls(ClientGroup.Sample[] samples) {
        return (int) Math.round(Summary.of(Arrays.stream(samples).mapToDouble(ClientGroup.Sample::calls).toArray())
                .median());
    }

    /**
     * The timed samples of every side, filled round by round, with what each side's CPU probe costs
     * and what its clients measured.
     */
    private static final class Rounds {

        private final List<Side> sides;
        private final Clients clients;
        private final double[][] nanosPerOp;
        private final double[][] serverNanosPerOp;
        private final double[][] allocatedBytesPerOp;
        private final ClientGroup.Sample[][] clientSamples;
        private final double[] sliceNanos;
        private final long[] probeCost;

        Rounds(List<Side> sides, Clients clients, int samples, boolean sliced) throws Exception {
            this.sides = sides;
            this.clients = clients;
            this.clientSamples = new ClientGroup.Sample[sides.size()][samples];
            this.nanosPerOp = new double[sides.size()][samples];
            this.serverNanosPerOp = new double[sides.size()][];
            this.allocatedBytesPerOp = new double[sides.size()][ThreadAllocation.supported() ? samples : 0];
            this.sliceNanos = new double[sliced ? samples : 0];
            this.probeCost = new long[sides.size()];
            for (int s = 0; s < sides.size(); s++) {
                final Optional<ServerCpuProbe> probe = sides.get(s).serverCpu();
                serverNanosPerOp[s] = new double[probe.isPresent() ? samples : 0];
                if (probe.isPresent()) {
                    probeCost[s] = probeCost(probe.get());
                }
            }
        }

        void sample(int s, int i, int ops) throws Throwable {
            final Side side = sides.get(s);
            if (clients.has(s)) {
                side.beforeSample().run();
                clientSamples[s][i] = clients.run(s, ops);
                nanosPerOp[s][i] = clientSamples[s][i].nanosPerCall();
                if (allocatedBytesPerOp[s].length > 0) {
                    allocatedBytesPerOp[s][i] = clientSamples[s][i].allocatedBytesPerCall();
                }
                return;
            }
            // The hook's allocations and server work are not the body's: both are read after it.
            final long[] counters = new long[2];
            nanosPerOp[s][i] = (double) Sampler.sample(side, ops, counters) / ops;
            if (allocatedBytesPerOp[s].length > 0) {
                allocatedBytesPerOp[s][i] = (double) counters[0] / ops;
            }
            if (side.serverCpu().isPresent()) {
                serverNanosPerOp[s][i] = (double) Math.max(0, counters[1] - probeCost[s]) / ops;
            }
        }
    }

    /**
     * Grows the operations per sample until two samples in a row at the same count reach the minimum
     * sample time. Asking for two keeps one slow cold first call (class loading, JIT, a statement's
     * first planning) from fixing the count at 1.
     */
    private int calibrate(Operation body, Operation beforeSample, RegionTimer timer, Watchdog watchdog,
            Progress progress) throws Throwable {
        final long target = plan.minSampleTime().toNanos();
        int ops = 1;
        boolean reachedOnce = false;
        int rounds = 0;
        while (true) {
            progress.at("calibration round", rounds + 1, 0, ops);
            final long nanos = calibrationSample(body, beforeSample, timer, ops, watchdog);
            rounds++;
            if (ops >= MAX_OPS_PER_SAMPLE) {
                return ops;
            }
            if (nanos >= target) {
                if (reachedOnce) {
                    return ops;
                }
                reachedOnce = true;
            } else {
                reachedOnce = false;
                // At least double, so calibration ends in a few rounds.
                ops = Math.max((int) Math.min(MAX_OPS_PER_SAMPLE, ops * 2L), aimedPast(ops, nanos, target));
            }
            checkDeadline(watchdog, "calibration", rounds);
        }
    }

    /** Calls per sample aimed a little past {@code target}, from a sample of {@code ops} calls that took {@code nanos}. */
    private static int aimedPast(int ops, long nanos, long target) {
        final double estimate = nanos <= 0 ? ops * 10.0 : ops * 1.2 * target / nanos;
        return (int) Math.min(MAX_OPS_PER_SAMPLE, Math.max(ops + 1L, (long) Math.ceil(estimate)));
    }

    /** A sample that also checks the deadline after every call, since calibration may try a count far too big. */
    private long calibrationSample(Operation body, Operation beforeSample, RegionTimer timer, int ops,
            Watchdog watchdog) throws Throwable {
        beforeSample.run();
        timer.beginSample();
        final long start = System.nanoTime();
        for (int i = 0; i < ops; i++) {
            body.run();
            if (watchdog.passed()) {
                throw watchdog.exceeded("calibration, after " + (i + 1) + " of " + ops + " calls in one sample");
            }
        }
        return timer.endSample(System.nanoTime() - start);
    }

    /**
     * A sample that also stores in {@code counters[0]} the bytes the body allocated and, where the
     * side has a probe, in {@code counters[1]} how far the server CPU probe moved across it.
     */
    private static long sample(Side side, int ops, long[] counters) throws Throwable {
        side.beforeSample().run();
        if (side.serverCpu().isEmpty()) {
            return timed(side, ops, counters);
        }
        final ServerCpuProbe probe = side.serverCpu().get();
        final long before = probe.read();
        final long nanos = timed(side, ops, counters);
        counters[1] = probe.read() - before;
        return nanos;
    }

    private static long timed(Side side, int ops) throws Throwable {
        return timed(side, ops, new long[1]);
    }

    /** A timed sample that also stores in {@code allocated[0]} the bytes the body allocated, read outside the timing. */
    private static long timed(Side side, int ops, long[] allocated) throws Throwable {
        side.timer().beginSample();
        final Operation body = side.body();
        final long allocatedBefore = ThreadAllocation.current();
        final long start = System.nanoTime();
        for (int i = 0; i < ops; i++) {
            body.run();
        }
        final long wall = System.nanoTime() - start;
        allocated[0] = ThreadAllocation.current() - allocatedBefore;
        return side.timer().endSample(wall);
    }

    private static long timedSlice(Operation slice) throws Throwable {
        final long start = System.nanoTime();
        slice.run();
        return System.nanoTime() - start;
    }

    /**
     * What two probe reads with nothing between them move the counter by: the part of each read
     * that the server spends after taking its value, plus the part before. The median of a few such
     * pairs is subtracted from every sample's reading.
     */
    private static long probeCost(ServerCpuProbe probe) throws Exception {
        final long[] deltas = new long[PROBE_CALIBRATION_READS];
        long previous = probe.read();
        for (int i = 0; i < deltas.length; i++) {
            final long next = probe.read();
            deltas[i] = next - previous;
            previous = next;
        }
        Arrays.sort(deltas);
        return deltas[deltas.length / 2];
    }

    private static void checkDeadline(Watchdog watchdog, String phase, int calibrationRounds) {
        if (watchdog.passed()) {
            throw watchdog.exceeded(calibrationRounds > 0 ? phase + " (" + calibrationRounds + " rounds)" : phase);
        }
    }

    /** How far sampling got, written between samples (never inside one) and read by the watchdog at the deadline. */
    private static final class Progress {

        private record Step(String phase, int number, int of, int opsPerSample) {
        }

        private volatile Step step = new Step("the start of sampling", 0, 0, 0);

        /** @param of how many such steps there are; 0 when open-ended, as calibration is */
        void at(String phase, int number, int of, int opsPerSample) {
            step = new Step(phase, number, of, opsPerSample);
        }

        String describe() {
            final Step current = step;
            if (current.number() == 0) {
                return current.phase();
            }
            return current.phase() + " " + current.number() + (current.of() > 0 ? " of " + current.of() : "")
                    + (current.opsPerSample() > 0 ? " (" + current.opsPerSample()
                            + (current.opsPerSample() == 1 ? " call" : " calls") + " per sample)" : "");
        }
    }
}
