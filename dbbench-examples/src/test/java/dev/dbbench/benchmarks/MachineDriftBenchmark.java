package dev.dbbench.benchmarks;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import dev.dbbench.engine.Closer;
import dev.dbbench.engine.RulerWorkload;
import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.engine.postgres.EmbeddedPostgresServer;
import dev.dbbench.measure.Operation;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderKind;
import dev.dbbench.stats.Summary;
import org.junit.jupiter.api.Test;

/**
 * How the machine's speed wanders, and which ruler follows which kind of work: on one embedded
 * PostgreSQL server, rounds of a server-side aggregate, twenty point lookups, twenty {@code SELECT 1}
 * round trips, a JVM loop and one engine ruler slice, timed one after another for a few minutes.
 * For blocks of consecutive rounds from 0.15 s to 15 s it prints the spread (standard deviation of
 * the log of block medians, in percent) of each workload, and of the ratios that normalization
 * would use. A spread that falls as blocks grow is noise that longer passes average out; a spread
 * that stays is drift between moments, which only a ruler taken at the same moments can remove.
 *
 * <p>Run with {@code mvn -B verify -Pharness-benchmarks -Dtest=MachineDriftBenchmark}
 * ({@code -Ddbbench.drift.seconds}, default 180). It asserts nothing about timing.
 */
class MachineDriftBenchmark {

    static final long SECONDS = Long.getLong("dbbench.drift.seconds", 180);
    static final long AGGREGATE_ROWS = 20_000;
    static final int CALLS_PER_ROUND = 20;
    static final double[] BLOCK_SECONDS = {0.15, 0.5, 1.5, 5, 15};

    private long jvmState = 0x2545F4914F6CDD1DL;

    @Test
    void spreadByTimescale() throws Throwable {
        try (Closer closer = new Closer()) {
            final EmbeddedPostgresServer server = closer.register(EmbeddedPostgresServer.start(
                    new EngineTarget(EngineKind.POSTGRES, "17", new TreeMap<>(), ProviderKind.EMBEDDED, "")));
            final ScratchDatabase database = closer.register(server.createDatabase("machine_drift"));
            final Connection connection = closer.register(database.dataSource().orElseThrow().getConnection());
            final RulerWorkload ruler = closer.register(server.openRulerWorkload().orElseThrow());
            final Operation aggregate = closer.register(
                    new VerdictEvaluationBenchmark.AggregateScenario(connection, AGGREGATE_ROWS)).body(0);
            final Operation lookup = closer.register(new VerdictEvaluationBenchmark.LookupScenario(connection)).body(0);
            final PreparedStatement selectOne = closer.register(connection.prepareStatement("SELECT 1"));
            final Map<String, Operation> workloads = new LinkedHashMap<>();
            workloads.put("aggregate", aggregate);
            workloads.put("lookups", repeated(lookup));
            workloads.put("round trips", repeated(() -> roundTrip(selectOne)));
            workloads.put("jvm loop", this::jvmLoop);
            workloads.put("ruler slice", ruler::slice);

            final Map<String, double[]> nanos = timeRounds(workloads);
            final int rounds = nanos.get("aggregate").length;
            final double roundsPerSecond = rounds / (double) SECONDS;
            System.out.printf(Locale.ROOT, "%n=== machine drift: %d rounds in %d s on postgres 17 embedded ===%n",
                    rounds, SECONDS);
            nanos.forEach((name, values) -> System.out.printf(Locale.ROOT, "%-12s median %8.1f µs per round%n",
                    name, Summary.of(values).median() / 1e3));
            final List<String> columns = List.of("aggregate", "lookups", "round trips", "jvm loop", "ruler slice",
                    "aggregate/ruler slice", "aggregate/jvm loop", "lookups/round trips");
            System.out.println("spread of block medians, % (sd of log):");
            System.out.println("block s  blocks | " + String.join(" | ", columns));
            for (double blockSeconds : BLOCK_SECONDS) {
                final int size = Math.max(1, (int) Math.round(blockSeconds * roundsPerSecond));
                final int blocks = rounds / size;
                final StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%7.2f %7d", blockSeconds,
                        blocks));
                for (String column : columns) {
                    final String[] parts = column.split("/");
                    final double[] logs = new double[blocks];
                    for (int b = 0; b < blocks; b++) {
                        logs[b] = Math.log(blockMedian(nanos.get(parts[0]), b, size));
                        if (parts.length == 2) {
                            logs[b] -= Math.log(blockMedian(nanos.get(parts[1]), b, size));
                        }
                    }
                    row.append(String.format(Locale.ROOT, " | %5.1f", 100 * Summary.of(logs).stdev()));
                }
                System.out.println(row);
            }
        }
    }

    /** Times every workload once per round, in order, until the time is up. */
    private static Map<String, double[]> timeRounds(Map<String, Operation> workloads) throws Throwable {
        final Map<String, double[]> nanos = new LinkedHashMap<>();
        workloads.keySet().forEach(name -> nanos.put(name, new double[1024]));
        final long end = System.nanoTime() + SECONDS * 1_000_000_000L;
        int rounds = 0;
        while (System.nanoTime() < end) {
            for (Map.Entry<String, Operation> workload : workloads.entrySet()) {
                double[] values = nanos.get(workload.getKey());
                if (rounds == values.length) {
                    values = Arrays.copyOf(values, 2 * rounds);
                    nanos.put(workload.getKey(), values);
                }
                final long start = System.nanoTime();
                workload.getValue().run();
                values[rounds] = System.nanoTime() - start;
            }
            rounds++;
        }
        final int taken = rounds;
        nanos.replaceAll((name, values) -> Arrays.copyOf(values, taken));
        return nanos;
    }

    private static Operation repeated(Operation call) {
        return () -> {
            for (int i = 0; i < CALLS_PER_ROUND; i++) {
                call.run();
            }
        };
    }

    private static void roundTrip(PreparedStatement selectOne) throws SQLException {
        try (ResultSet one = selectOne.executeQuery()) {
            one.next();
        }
    }

    /** About a millisecond of integer mixing, kept in a field so the JIT cannot drop it. */
    private void jvmLoop() {
        long mixed = jvmState;
        for (int i = 0; i < 1_000_000; i++) {
            mixed ^= mixed << 13;
            mixed ^= mixed >>> 7;
            mixed ^= mixed << 17;
        }
        jvmState = mixed;
    }

    private static double blockMedian(double[] values, int block, int size) {
        return Summary.of(Arrays.copyOfRange(values, block * size, (block + 1) * size)).median();
    }
}
