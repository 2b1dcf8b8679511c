package dev.dbbench.benchmarks;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.dbbench.api.ConfigKeys;
import dev.dbbench.junit.WorkCountsTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * How reliably work counts catch a change on the first run, with the time gate off: the fixture of
 * {@code WorkCountsTest} is recorded unchanged, run unchanged (it must pass), then run once with
 * each injected change (each must fail, naming the count that moved), {@code dbbench.eval.runs}
 * times over (default 20), every run on fresh servers.
 *
 * <p>Run with {@code mvn -B verify -Pharness-benchmarks -Dtest=WorkCountsDetectionBenchmark}.
 */
class WorkCountsDetectionBenchmark {

    /** A change to the fixture, and the words its failure must say. */
    private record Change(String name, Runnable apply, String expected) {
    }

    private static final List<Change> CHANGES = List.of(
            new Change("+3 % server work (a larger aggregate)", () -> WorkCountsTest.rows = 20_600,
                    "INSTRUCTION REGRESSION"),
            new Change("one more statement per operation", () -> WorkCountsTest.extraStatement = true,
                    "executions per call 0 -> 1"),
            new Change("one more column shipped per row", () -> WorkCountsTest.wideRows = true,
                    "bytes received per call"),
            new Change("a dropped index", () -> WorkCountsTest.indexed = false, "PLAN REGRESSION"));

    @TempDir
    Path temp;

    @Test
    void everyChangeIsCaughtOnTheFirstRunAndNothingElse() {
        final int runs = Integer.getInteger("dbbench.eval.runs", 20);
        final Map<String, Integer> caught = new LinkedHashMap<>();
        int unchangedFailures = 0;
        for (int run = 0; run < runs; run++) {
            final Path directory = temp.resolve("run-" + run);
            new WorkCountsTest().unchanged();
            execute(directory, "compare");
            if (execute(directory, "compare").testEvents().failed().count() > 0) {
                unchangedFailures++;
            }
            for (Change change : CHANGES) {
                new WorkCountsTest().unchanged();
                change.apply().run();
                final EngineExecutionResults results = execute(directory, "compare");
                if (failureMessage(results).contains(change.expected())) {
                    caught.merge(change.name(), 1, Integer::sum);
                }
            }
        }
        new WorkCountsTest().unchanged();
        System.out.printf(Locale.ROOT, "%nwork counts, %d runs each on fresh servers, time gate off%n", runs);
        System.out.printf(Locale.ROOT, "  unchanged body failed: %d of %d%n", unchangedFailures, runs);
        for (Change change : CHANGES) {
            System.out.printf(Locale.ROOT, "  %-40s caught %d of %d%n", change.name(),
                    caught.getOrDefault(change.name(), 0), runs);
        }
    }

    private static EngineExecutionResults execute(Path directory, String mode) {
        final Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put(ConfigKeys.BASELINE_DIR, directory.resolve("baselines").toString());
        parameters.put(ConfigKeys.REPORT_DIR, directory.resolve("reports").toString());
        parameters.put(ConfigKeys.BASELINE_MODE, mode);
        // The first run records what is missing, in CI too; later ones compare with it.
        parameters.put(ConfigKeys.BASELINE_MISSING, "record");
        parameters.put(ConfigKeys.GATE_TIME, "off");
        parameters.put(ConfigKeys.PROVIDER, "embedded");
        parameters.put(ConfigKeys.COUNT_INSTRUCTIONS, "on");
        return EngineTestKit.engine("junit-jupiter")
                .configurationParameters(parameters)
                .selectors(selectClass(WorkCountsTest.CountedCase.class))
                .execute();
    }

    private static String failureMessage(EngineExecutionResults results) {
        return results.testEvents().failed().stream()
                .map(event -> event.getRequiredPayload(TestExecutionResult.class).getThrowable()
                        .map(Throwable::getMessage).orElse(""))
                .findFirst().orElse("");
    }
}
