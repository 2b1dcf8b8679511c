package dev.dbbench.measure;

import java.util.Arrays;
import java.util.Collections;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.engine.RulerWorkload;

/**
 * A machine-speed ruler: fixed workloads timed once per run, one in the JVM and one in the engine,
 * stored with every result so a verdict can tell a slower machine from slower code.
 */
public final class Ruler {

    /** Key of the JVM workload's median time in a reading. */
    public static final String JVM = "jvm";
    /** Key of the engine workload's median time in a reading. */
    public static final String ENGINE = "engine";

    static final int WARMUPS = 3;
    static final int REPEATS = 9;
    private static final int JVM_ITERATIONS = 4_000_000;

    private Ruler() {
    }

    /** Median nanoseconds of each workload, keyed {@link #JVM} and, when the engine has one, {@link #ENGINE}. */
    public static SortedMap<String, Double> read(Optional<RulerWorkload> engineWorkload) throws Exception {
        final SortedMap<String, Double> reading = new TreeMap<>();
        reading.put(JVM, median(new JvmWorkload()));
        if (engineWorkload.isPresent()) {
            reading.put(ENGINE, median(engineWorkload.get()::run));
        }
        return Collections.unmodifiableSortedMap(reading);
    }

    /**
     * The ratio of two readings: the geometric mean of the ratios of the workloads both measured, or
     * NaN when they share none. Above 1 means the current machine is slower.
     */
    public static double ratio(SortedMap<String, Double> current, SortedMap<String, Double> baseline) {
        double logSum = 0;
        int shared = 0;
        for (String key : current.keySet()) {
            final Double before = baseline.get(key);
            if (before != null && before > 0 && current.get(key) > 0) {
                logSum += Math.log(current.get(key) / before);
                shared++;
            }
        }
        return shared == 0 ? Double.NaN : Math.exp(logSum / shared);
    }

    private static double median(Operation workload) throws Exception {
        try {
            for (int i = 0; i < WARMUPS; i++) {
                workload.run();
            }
            final double[] nanos = new double[REPEATS];
            for (int i = 0; i < REPEATS; i++) {
                final long start = System.nanoTime();
                workload.run();
                nanos[i] = System.nanoTime() - start;
            }
            Arrays.sort(nanos);
            return nanos[REPEATS / 2];
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Integer mixing the JIT cannot fold away: each run starts from the last one's result, kept in a field. */
    private static final class JvmWorkload implements Operation {

        private long state = 0x9E3779B97F4A7C15L;

        @Override
        public void run() {
            long mixed = state;
            for (int i = 0; i < JVM_ITERATIONS; i++) {
                mixed ^= mixed << 13;
                mixed ^= mixed >>> 7;
                mixed ^= mixed << 17;
            }
            state = mixed;
        }
    }
}
