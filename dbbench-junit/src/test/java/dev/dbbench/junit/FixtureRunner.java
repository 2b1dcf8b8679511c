package dev.dbbench.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.ConfigKeys;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/** Runs fixture classes through the Jupiter engine with dbbench pointed at a temporary directory. */
final class FixtureRunner {

    private final Path directory;
    private final Map<String, String> parameters = new LinkedHashMap<>();

    FixtureRunner(Path directory) {
        this.directory = directory;
        parameters.put(ConfigKeys.BASELINE_DIR, directory.resolve("baselines").toString());
        parameters.put(ConfigKeys.REPORT_DIR, directory.resolve("reports").toString());
        // The suite itself runs with CI=true in .ci/run; fixtures choose their policy explicitly.
        parameters.put(ConfigKeys.BASELINE_MISSING, "record");
        // Docker may answer on the machine, with images it cannot pull; fixtures that want containers say so.
        parameters.put(ConfigKeys.PROVIDER, "embedded");
        // Counting instructions starts a server under valgrind per class; the fixtures that test counts say so.
        parameters.put(ConfigKeys.COUNT_INSTRUCTIONS, "off");
        // A run with -Ddbbench.scale=large must not turn the fixtures' lists large; tests that want it say so.
        parameters.put(ConfigKeys.SCALE, "small");
        parameters.putAll(fromBuild());
    }

    /**
     * What the build sets for every run of the test JVM that the test kit would not pass on, since it
     * reads no system properties: the sampling lock (dbbench's own suite switches it off).
     */
    static Map<String, String> fromBuild() {
        final String lock = System.getProperty(ConfigKeys.SAMPLING_LOCK);
        return lock == null ? Map.of() : Map.of(ConfigKeys.SAMPLING_LOCK, lock);
    }

    /** What {@code run} printed on standard output, where a run prints its summary; printed there too. */
    static String printed(Runnable run) {
        final PrintStream original = System.out;
        final ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            run.run();
        } finally {
            System.setOut(original);
        }
        final String text = printed.toString(StandardCharsets.UTF_8);
        original.print(text);
        return text;
    }

    FixtureRunner with(String key, String value) {
        parameters.put(key, value);
        return this;
    }

    Path baselineFile(Class<?> fixture) {
        return directory.resolve("baselines").resolve(fixture.getName() + ".json");
    }

    Path reportDirectory() {
        return directory.resolve("reports");
    }

    Path baselineDirectory() {
        return directory.resolve("baselines");
    }

    /** The first result of {@code method} in the last run's {@code results.json}. */
    JsonNode result(String method) throws IOException {
        for (JsonNode result : new ObjectMapper().readTree(reportDirectory().resolve("results.json").toFile())
                .get("results")) {
            if (result.get("method").asText().equals(method)) {
                return result;
            }
        }
        throw new AssertionError("no result for " + method);
    }

    /** The entry {@code key} (such as {@code "lookup [postgres 17 embedded]"}) of the fixture's baseline file. */
    JsonNode entry(Class<?> fixture, String key) throws IOException {
        return new ObjectMapper().readTree(baselineFile(fixture).toFile()).get("benchmarks").get(key);
    }

    /** The metric {@code id} (such as {@code "throughput"}) of a result read by {@link #result}. */
    static JsonNode metric(JsonNode result, String id) {
        for (JsonNode metric : result.get("metrics")) {
            if (metric.get("id").asText().equals(id)) {
                return metric;
            }
        }
        throw new AssertionError("no metric " + id + " in " + result);
    }

    EngineExecutionResults run(Class<?> fixture) {
        return run(selectClass(fixture));
    }

    /** Runs several fixture classes in one launch, so they share one run (and its servers). */
    EngineExecutionResults run(Class<?> first, Class<?>... more) {
        final List<DiscoverySelector> selectors = new ArrayList<>(List.of(selectClass(first)));
        Arrays.stream(more).forEach(fixture -> selectors.add(selectClass(fixture)));
        return EngineTestKit.engine("junit-jupiter")
                .configurationParameters(parameters)
                .selectors(selectors.toArray(DiscoverySelector[]::new))
                .execute();
    }

    /** Runs a class that is not nested here, such as an example benchmark, by its name. */
    EngineExecutionResults run(String className) {
        return run(selectClass(className));
    }

    EngineExecutionResults run(Class<?> fixture, String method) {
        final Method selected = Arrays.stream(fixture.getDeclaredMethods())
                .filter(candidate -> candidate.getName().equals(method))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(fixture + " has no method " + method));
        return run(selectMethod(fixture, selected));
    }

    /** The message of the first failure of any test or container, such as a discovery-time configuration error. */
    static String firstFailure(EngineExecutionResults results) {
        return results.allEvents().failed().stream()
                .map(event -> event.getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow()
                        .getMessage())
                .findFirst()
                .orElseThrow(() -> new AssertionError("nothing failed"));
    }

    private EngineExecutionResults run(DiscoverySelector selector) {
        return EngineTestKit.engine("junit-jupiter")
                .configurationParameters(parameters)
                .selectors(selector)
                .execute();
    }
}
