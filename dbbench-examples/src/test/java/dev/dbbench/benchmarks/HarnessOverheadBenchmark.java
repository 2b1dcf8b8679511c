package dev.dbbench.benchmarks;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * dbbench's own cost, measured: the harness overhead per operation of an empty benchmark body, alone
 * and called by client threads, and a JDBC point lookup timed through dbbench against the same loop written by hand in the same JVM.
 *
 * <p>Run with {@code mvn -B verify -Pharness-benchmarks}; it prints the figures quoted in docs/measured-figures.md.
 */
class HarnessOverheadBenchmark {

    static final int ROUNDS = 5;
    static final int SAMPLES = 15;
    static final int LOOKUPS_PER_SAMPLE = 200;

    @TempDir
    Path temp;

    @Test
    void report() throws Exception {
        final List<Double> empty = new ArrayList<>();
        final List<Double> emptyClients = new ArrayList<>();
        final List<Double> emptyClientsP50 = new ArrayList<>();
        final List<Double> ratios = new ArrayList<>();
        final List<Double> viaDbbench = new ArrayList<>();
        final List<Double> byHand = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            final Path results = run(EmptyBodyCase.class, "empty-" + round);
            empty.add(median(results, "empty"));
            final JsonNode clients = result(run(EmptyClientsCase.class, "clients-" + round), "empty");
            emptyClients.add(clients.get("current").get("median").asDouble());
            emptyClientsP50.add(clients.get("latency").get("p50").asDouble());

            final Path lookups = run(PointLookupCase.class, "lookup-" + round);
            final double dbbench = median(lookups, "lookup");
            final double hand = PointLookupCase.handWrittenMedian;
            viaDbbench.add(dbbench);
            byHand.add(hand);
            ratios.add(hand / dbbench);
        }
        System.out.printf(Locale.ROOT, "%nharness overhead (%d rounds, medians of %d samples each)%n", ROUNDS, SAMPLES);
        System.out.printf(Locale.ROOT, "  empty @DbBenchmark body: %.1f ns/op (rounds: %s)%n", median(empty), format(empty));
        System.out.printf(Locale.ROOT, "  empty @DbBenchmark(threads = %d) body: mean %.1f ns/op per client (rounds: %s),"
                + " p50 %.1f ns (rounds: %s)%n", EmptyClientsCase.THREADS, median(emptyClients), format(emptyClients),
                median(emptyClientsP50), format(emptyClientsP50));
        System.out.printf(Locale.ROOT, "  JDBC point lookup: dbbench %.1f µs/op, hand-written loop %.1f µs/op%n",
                median(viaDbbench) / 1000, median(byHand) / 1000);
        System.out.printf(Locale.ROOT, "  ratio hand-written / dbbench: %.3f (rounds: %s)%n", median(ratios),
                format(ratios));
    }

    private Path run(Class<?> fixture, String name) {
        final Path reports = temp.resolve(name);
        EngineTestKit.engine("junit-jupiter")
                .configurationParameter(ConfigKeys.BASELINE_DIR, temp.resolve(name + "-baselines").toString())
                .configurationParameter(ConfigKeys.PROVIDER, "embedded")
                .configurationParameter(ConfigKeys.REPORT_DIR, reports.toString())
                .configurationParameter(ConfigKeys.BASELINE_MISSING, "record")
                .selectors(selectClass(fixture))
                .execute()
                .testEvents()
                .assertStatistics(stats -> stats.failed(0));
        return reports.resolve("results.json");
    }

    private static double median(Path results, String method) throws Exception {
        return result(results, method).get("current").get("median").asDouble();
    }

    private static JsonNode result(Path results, String method) throws Exception {
        final JsonNode root = new ObjectMapper().readTree(Files.readString(results));
        for (JsonNode result : root.get("results")) {
            if (result.get("method").asText().equals(method)) {
                return result;
            }
        }
        throw new IllegalStateException("no result for " + method + " in " + results);
    }

    static double median(List<Double> values) {
        final double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        final int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private static String format(List<Double> values) {
        return values.stream().map(value -> String.format(Locale.ROOT, "%.3f", value)).toList().toString();
    }

    /** An empty body, batched a million times per sample: what is left is dbbench's own loop. */
    static class EmptyBodyCase {

        @DbBenchmark(warmups = 5, samples = SAMPLES, opsPerSample = 1_000_000)
        void empty() {
        }
    }

    /**
     * An empty body called by client threads, a million calls each per sample: what is left is each
     * client's loop, its clock reading and its latency histogram. Two clients, one per core here. The
     * mean per call also holds the time a client was descheduled (a few long "calls"); the p50 does not.
     */
    static class EmptyClientsCase {

        static final int THREADS = 2;

        @DbBenchmark(threads = THREADS, warmups = 5, samples = SAMPLES, opsPerSample = 1_000_000)
        void empty() {
        }
    }

    /**
     * The same point lookup timed by a hand-written loop, by dbbench, and by the hand-written loop
     * again: comparing dbbench with the mean of the loops around it cancels drift in either direction.
     */
    @Postgres
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class PointLookupCase {

        static final int ROWS = 10_000;
        static volatile double handWrittenMedian;
        private static volatile double handWrittenBefore;
        private int next;

        @BeforeAll
        static void load(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE kv (k int PRIMARY KEY, v text NOT NULL)");
                statement.execute("INSERT INTO kv SELECT g, md5(g::text) FROM generate_series(1, " + ROWS + ") g");
                statement.execute("ANALYZE kv");
            }
        }

        @Test
        @Order(1)
        void handWrittenBefore(Connection db) throws SQLException {
            handWrittenBefore = handWrittenLoop(db);
        }

        @DbBenchmark(warmups = 5, samples = SAMPLES, opsPerSample = LOOKUPS_PER_SAMPLE)
        @Order(2)
        void lookup(Connection db) throws SQLException {
            lookupOnce(db);
        }

        @Test
        @Order(3)
        void handWrittenAfter(Connection db) throws SQLException {
            handWrittenMedian = (handWrittenBefore + handWrittenLoop(db)) / 2;
        }

        /** Five warm-up samples, then the median of the timed ones, as dbbench does. */
        private double handWrittenLoop(Connection db) throws SQLException {
            for (int i = 0; i < 5 * LOOKUPS_PER_SAMPLE; i++) {
                lookupOnce(db);
            }
            final double[] samples = new double[SAMPLES];
            for (int s = 0; s < SAMPLES; s++) {
                final long start = System.nanoTime();
                for (int i = 0; i < LOOKUPS_PER_SAMPLE; i++) {
                    lookupOnce(db);
                }
                samples[s] = (double) (System.nanoTime() - start) / LOOKUPS_PER_SAMPLE;
            }
            Arrays.sort(samples);
            return samples[SAMPLES / 2];
        }

        private void lookupOnce(Connection db) throws SQLException {
            next = next % ROWS + 1;
            try (PreparedStatement query = db.prepareStatement("SELECT v FROM kv WHERE k = ?")) {
                query.setInt(1, next);
                try (ResultSet rows = query.executeQuery()) {
                    rows.next();
                    rows.getString(1);
                }
            }
        }
    }
}
