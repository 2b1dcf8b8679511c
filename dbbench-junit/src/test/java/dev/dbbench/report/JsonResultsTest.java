package dev.dbbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.StreamSupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.config.Invocation;
import dev.dbbench.evaluate.BenchmarkResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonResultsTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void documentHasASchemaVersionAndTheResultsInOrder() throws Exception {
        final JsonNode document = render(ResultFixtures.regression(), ResultFixtures.newBenchmark(ResultFixtures.RECORDS));

        assertThat(document.get("schema").asInt()).isEqualTo(2);
        assertThat(Instant.parse(document.get("recordedAt").asText())).isNotNull();
        assertThat(document.get("results")).hasSize(2);
        assertThat(document.get("results").get(0).get("method").asText()).isEqualTo("findByCustomer");
        assertThat(document.get("results").get(1).get("method").asText()).isEqualTo("insertOrder");
    }

    @Test
    void theInvocationIsWrittenAndReadBackAndFilesWithoutOneStillLoad(@TempDir Path folder) throws Exception {
        final Invocation invocation = new Invocation(Optional.of(List.of("examples")),
                new TreeMap<>(Map.of("junit.version", "5.14.4")), new TreeMap<>(Map.of("dbbench.provider", "embedded")),
                new TreeSet<>(Set.of("dbbench.postgres.password")));
        final Path file = folder.resolve("results.json");
        Files.writeString(file, new JsonResults().render(Report.of(List.of(ResultFixtures.regression()),
                Instant.parse("2026-12-03T10:00:00Z")).withInvocation(invocation)));

        assertThat(Report.read(file).invocation()).isEqualTo(invocation);

        final ObjectNode older = (ObjectNode) MAPPER.readTree(file.toFile());
        older.remove("invocation");
        Files.writeString(file, older.toString());
        final Report read = Report.read(file);
        assertThat(read.invocation()).isEqualTo(Invocation.UNKNOWN);
        assertThat(read.failed()).hasSize(1);
    }

    @Test
    void regressionCarriesVerdictRatioNumbersAndAcceptCommand() throws Exception {
        final JsonNode result = render(ResultFixtures.regression()).get("results").get(0);

        assertThat(result.get("class").asText()).isEqualTo("com.example.OrderBench");
        assertThat(result.get("target").asText()).isEqualTo("postgres 17 embedded");
        assertThat(result.get("key").asText()).isEqualTo("findByCustomer [postgres 17 embedded]");
        assertThat(result.get("verdict").asText()).isEqualTo("REGRESSION");
        assertThat(result.get("failed").asBoolean()).isTrue();
        assertThat(result.get("baselineWritten").asBoolean()).isFalse();
        assertThat(result.get("ratio").isNumber()).isTrue();
        assertThat(result.get("ratio").asDouble()).isEqualTo(1.3);
        assertThat(result.get("thresholdPercent").asInt()).isEqualTo(25);
        assertThat(result.get("unit").asText()).isEqualTo("ns/op");
        assertThat(result.get("current").get("median").asDouble()).isEqualTo(130_000);
        assertThat(result.get("current").get("p90").asDouble()).isEqualTo(150_000);
        assertThat(result.get("baseline").get("median").asDouble()).isEqualTo(100_000);
        assertThat(result.get("opsPerSample").asInt()).isEqualTo(100);
        assertThat(doubles(result.get("samples"))).containsExactly(130_000.0, 129_000.0, 131_000.0);
        assertThat(result.get("environment").get("engine.version").asText()).isEqualTo("17.6");
        assertThat(result.get("baselineFile").asText()).isEqualTo(ResultFixtures.BASELINE_FILE.toString());
        assertThat(result.get("acceptCommand").asText())
                .isEqualTo("mvn dbbench:accept -Ddbbench.accept.benchmarks='OrderBench#findByCustomer'");
    }

    @Test
    void environmentChangesAreObjectsWithKeyBaselineAndCurrent() throws Exception {
        final JsonNode changes = render(ResultFixtures.regression()).get("results").get(0).get("environmentChanges");

        assertThat(changes).hasSize(1);
        assertThat(changes.get(0).get("key").asText()).isEqualTo("engine.version");
        assertThat(changes.get(0).get("baseline").asText()).isEqualTo("17.5");
        assertThat(changes.get(0).get("current").asText()).isEqualTo("17.6");
    }

    @Test
    void newBenchmarkHasNullRatioAndNullBaseline() throws Exception {
        final JsonNode result = render(ResultFixtures.newBenchmark(ResultFixtures.RECORDS)).get("results").get(0);

        assertThat(result.get("verdict").asText()).isEqualTo("NEW");
        // null, not NaN: NaN is not JSON, and 0 would read as a real ratio.
        assertThat(result.has("ratio")).isTrue();
        assertThat(result.get("ratio").isNull()).isTrue();
        assertThat(result.get("baseline").isNull()).isTrue();
        assertThat(result.get("baselineWritten").asBoolean()).isTrue();
        assertThat(result.get("failed").asBoolean()).isFalse();
        assertThat(result.get("environmentChanges")).isEmpty();
        assertThat(result.get("acceptCommand").asText()).contains("OrderBench#insertOrder");
    }

    @Test
    void emptyRunIsAValidDocumentWithNoResults() throws Exception {
        final JsonNode document = MAPPER.readTree(new JsonResults().render(List.of()));

        assertThat(document.get("schema").asInt()).isEqualTo(2);
        assertThat(document.get("results").isArray()).isTrue();
        assertThat(document.get("results")).isEmpty();
    }

    @Test
    void renderingEndsWithANewline() {
        assertThat(new JsonResults().render(List.of(ResultFixtures.pass()))).endsWith("}\n");
    }

    @Test
    void eachMetricCarriesWhatTheReportsShowOfIt() throws Exception {
        final BenchmarkResult result = ResultFixtures.withServerCpu(ResultFixtures.regression(),
                new double[] {52_000, 51_000, 53_000}, Optional.of(new double[] {50_000, 50_000, 50_000}));
        final JsonNode metrics = render(result).get("results").get(0).get("metrics");

        assertThat(metrics).hasSize(2);
        final JsonNode time = metrics.get(0);
        assertThat(time.get("id").asText()).isEqualTo("time");
        assertThat(time.get("gating").asText()).isEqualTo("TIMING");
        assertThat(time.get("verdict").asText()).isEqualTo("REGRESSION");
        assertThat(time.get("failed").asBoolean()).isTrue();
        assertThat(time.get("cells")).hasSameSizeAs(time.get("columns"));
        assertThat(time.get("message").asText()).startsWith("dbbench: REGRESSION in OrderBench.findByCustomer");
        assertThat(time.get("fields").toString()).contains("\"ratio\"", "\"samples\"");
        final JsonNode latency = time.get("measures").get(0);
        assertThat(latency.get("name").asText()).isEqualTo("latency");
        assertThat(latency.get("unit").asText()).isEqualTo("ns/op");
        assertThat(doubles(latency.get("current"))).containsExactly(130_000.0, 129_000.0, 131_000.0);
        assertThat(doubles(latency.get("baseline"))).containsExactly(100_000.0, 99_000.0, 101_000.0);
        final JsonNode cpu = metrics.get(1);
        assertThat(cpu.get("context").get("label").asText()).isEqualTo("server CPU");
        // An informational metric that neither fails nor warns prints nothing.
        assertThat(cpu.get("message").isNull()).isTrue();
    }

    @Test
    void aReportReadBackFromItsJsonRendersTheSameInEveryFormat() throws Exception {
        final Report report = Report.of(SyntheticResults.generate(30, 21), Instant.parse("2026-12-03T10:00:00Z"));
        final Report read = Report.read(MAPPER.readTree(new JsonResults().render(report)), "results.json");

        assertThat(read.recordedAt()).isEqualTo(report.recordedAt());
        for (ResultFormat format : ResultFormat.ALL) {
            assertThat(format.render(read)).as(format.name()).isEqualTo(format.render(report));
        }
    }

    @Test
    void aFileOfAnotherSchemaIsRefusedWithWhatToDo() {
        final JsonNode old = MAPPER.createObjectNode().put("schema", 1).set("results", MAPPER.createArrayNode());

        assertThatThrownBy(() -> Report.read(old, "old/results.json"))
                .hasMessage("old/results.json has results schema 1, but only schema 2 carries what a merged report"
                        + " needs; it was written by an older dbbench. Run the benchmarks again with this one.");
    }

    private static JsonNode render(BenchmarkResult... results) throws Exception {
        return MAPPER.readTree(new JsonResults().render(List.of(results)));
    }

    private static List<Double> doubles(JsonNode array) {
        assertThat(array.isArray()).isTrue();
        return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asDouble).toList();
    }
}
