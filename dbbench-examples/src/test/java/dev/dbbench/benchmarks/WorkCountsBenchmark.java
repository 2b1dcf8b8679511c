package dev.dbbench.benchmarks;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.ConfigKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * How exact the work counts of the example suite are, and what counting costs: the suite is
 * recorded once, then run again {@code dbbench.eval.runs} times (default 20) against that baseline
 * with the time gate off, each run on fresh servers. Prints, per benchmark, the spread of its
 * instruction, traffic and allocation counts over all runs, the failures the counts caused, and the
 * wall time of the timed samples against the time counting took.
 *
 * <p>Run with {@code mvn -B verify -Pharness-benchmarks -Dtest=WorkCountsBenchmark}.
 */
class WorkCountsBenchmark {

    private static final List<String> SUITE = List.of("dev.dbbench.examples.JsonbCatalogBench",
            "dev.dbbench.examples.InsertStrategiesBench", "dev.dbbench.examples.PostgresUpgradeBench",
            "dev.dbbench.examples.MongoCatalogBench");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path temp;

    @Test
    void countsOfTheExampleSuiteOverFreshServers() throws Exception {
        final int runs = Integer.getInteger("dbbench.eval.runs", 20);
        final Map<String, List<JsonNode>> results = new TreeMap<>();
        final Path baselines = temp.resolve("baselines");
        run(baselines, "compare", "on", results);
        int failures = 0;
        double counted = 0;
        double sampled = 0;
        for (int i = 0; i < runs; i++) {
            final Run run = run(baselines, "compare", "on", results);
            failures += run.failures();
            counted += run.seconds();
            sampled += run.sampledSeconds();
        }
        // The same suite without counting: what counting adds to a run.
        final Run uncounted = run(baselines, "compare", "off", new HashMap<>());
        print(runs, results, failures, counted / runs, uncounted.seconds(), sampled / runs);
    }

    /** One run of the suite: its failed benchmarks, its wall time, and the time of its timed samples. */
    private record Run(int failures, double seconds, double sampledSeconds) {
    }

    private Run run(Path baselines, String mode, String counting, Map<String, List<JsonNode>> results)
            throws Exception {
        final Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put(ConfigKeys.BASELINE_DIR, baselines.toString());
        parameters.put(ConfigKeys.REPORT_DIR, temp.resolve("reports-" + mode).toString());
        parameters.put(ConfigKeys.BASELINE_MODE, mode);
        // The first run records what is missing, in CI too; later ones compare with it.
        parameters.put(ConfigKeys.BASELINE_MISSING, "record");
        parameters.put(ConfigKeys.GATE_TIME, "off");
        parameters.put(ConfigKeys.PROVIDER, "embedded");
        parameters.put(ConfigKeys.COUNT_INSTRUCTIONS, counting);
        final long started = System.nanoTime();
        final EngineExecutionResults run = EngineTestKit.engine("junit-jupiter")
                .configurationParameters(parameters)
                .selectors(SUITE.stream().map(name -> (DiscoverySelector) selectClass(name))
                        .toArray(DiscoverySelector[]::new))
                .execute();
        final double seconds = (System.nanoTime() - started) / 1e9;
        final Path file = temp.resolve("reports-" + mode).resolve("results.json");
        double sampled = 0;
        for (JsonNode result : MAPPER.readTree(file.toFile()).get("results")) {
            results.computeIfAbsent(result.get("class").asText().replaceFirst(".*\\.", "") + "."
                    + result.get("key").asText(), key -> new ArrayList<>()).add(result);
            // A sample lasts its time per operation times its operations.
            for (JsonNode nanosPerOp : result.get("samples")) {
                sampled += nanosPerOp.asDouble() * result.get("opsPerSample").asInt() / 1e9;
            }
        }
        Files.delete(file);
        return new Run((int) run.testEvents().failed().count(), seconds, sampled);
    }

    private static void print(int runs, Map<String, List<JsonNode>> results, int failures, double counted,
            double uncounted, double sampled) {
        System.out.printf(Locale.ROOT, "%nwork counts of the example suite, %d runs on fresh servers after one"
                + " recording (time gate off)%n", runs + 1);
        System.out.printf(Locale.ROOT, "%-70s %16s %16s %9s %12s %12s%n", "benchmark", "instructions min",
                "max", "spread", "bytes", "alloc/op");
        results.forEach((benchmark, runsOfIt) -> {
            final long[] instructions = runsOfIt.stream().filter(result -> result.has("instructions"))
                    .mapToLong(result -> result.get("instructions").get("perOp").asLong()).sorted().toArray();
            final long[] bytes = runsOfIt.stream().filter(result -> result.has("traffic"))
                    .mapToLong(result -> result.get("traffic").get("bytesReceived").asLong()
                            + result.get("traffic").get("bytesSent").asLong()).sorted().toArray();
            final long[] allocations = runsOfIt.stream().filter(result -> result.has("allocatedBytesPerOp"))
                    .mapToLong(result -> result.get("allocatedBytesPerOp").asLong()).sorted().toArray();
            System.out.printf(Locale.ROOT, "%-70s %16s %16s %9s %12s %12s%n", benchmark,
                    instructions.length == 0 ? "-" : String.format(Locale.ROOT, "%,d", instructions[0]),
                    instructions.length == 0 ? "-" : String.format(Locale.ROOT, "%,d",
                            instructions[instructions.length - 1]),
                    instructions.length == 0 ? "-" : String.format(Locale.ROOT, "%.4f%%",
                            100.0 * instructions[instructions.length - 1] / instructions[0] - 100),
                    range(bytes), range(allocations));
        });
        System.out.printf(Locale.ROOT, "failed benchmarks in the %d compared runs: %d%n", runs, failures);
        System.out.printf(Locale.ROOT, "one suite run: %.1f s with counting (mean of %d), %.1f s without; its timed"
                + " samples %.1f s; counting added %.1f s%n", counted, runs, uncounted, sampled, counted - uncounted);
    }

    private static String range(long[] values) {
        if (values.length == 0) {
            return "-";
        }
        return values[0] == values[values.length - 1] ? Long.toString(values[0])
                : values[0] + "-" + values[values.length - 1];
    }
}
