package dev.dbbench.measure;

import java.util.Collections;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.engine.RulerWorkload;
import dev.dbbench.stats.Summary;

/**
 * A machine-speed ruler: fixed workloads timed once per run, one in the JVM and one in the engine,
 * stored with every result so a verdict can tell a slower machine from slower code; and, finer,
 * short slices of the engine workload timed between a benchmark's own samples ({@link #SLICES}).
 *
 * <p>Each workload's reading is its fastest timed run, not the median: on a shared runner other
 * work only ever slows a run down, so the fastest is the closest to what the machine can do. A
 * burst of background work (a compiler thread, a server process catching up) that lasts the whole
 * reading still shows, which is why it is read before any benchmark has run on the server.
 */
public final class Ruler {

    /** Key of the JVM workload's time in a reading. */
    public static final String JVM = "jvm";
    /** Key of the engine workload's time in a reading. */
    public static final String ENGINE = "engine";
    /**
     * Key of the median time of the engine ruler slices timed between one benchmark's samples. The
     * machine's speed wanders within seconds (on a shared two-core runner the engine's speed moves
     * by a quarter while a JVM loop stays within a few percent), so a reading taken at the moments
     * the samples were taken follows the samples, where one taken as the server started does not.
     */
    public static final String SLICES = "slices";

    static final int WARMUPS = 3;
    static final int REPEATS = 9;
    private static final int JVM_ITERATIONS = 4_000_000;

    private Ruler() {
    }

    /**
     * Fastest nanoseconds of each workload, keyed {@link #JVM} and, when the engine has one,
     * {@link #ENGINE}.
     */
    public static SortedMap<String, Double> read(Optional<RulerWorkload> engineWorkload) throws Exception {
        final SortedMap<String, Double> reading = new TreeMap<>();
        reading.put(JVM, fastest(new JvmWorkload()));
        if (engineWorkload.isPresent()) {
            reading.put(ENGINE, fastest(engineWorkload.get()::run));
        }
        return Collections.unmodifiableSortedMap(reading);
    }

    /**
     * A run's reading with the median of the ruler slices taken between these samples added under
     * {@link #SLICES}; the reading itself when the samples have no slices.
     */
    public static SortedMap<String, Double> withSlices(SortedMap<String, Double> reading, Samples samples) {
        final double[] slices = samples.rulerSliceNanos();
        if (slices.length == 0) {
            return reading;
        }
        final SortedMap<String, Double> withSlices = new TreeMap<>(reading);
        withSlices.put(SLICES, Summary.of(slices).median());
        return Collections.unmodifiableSortedMap(withSlices);
    }


    private static double fastest(Operation workload) throws Exception {
        try {
            for (int i = 0; i < WARMUPS; i++) {
                workload.run();
            }
            long fastest = Long.MAX_VALUE;
            for (int i = 0; i < REPEATS; i++) {
                final long start = System.nanoTime();
                workload.run();
                fastest = Math.min(fastest, System.nanoTime() - start);
            }
            return fastest;
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
