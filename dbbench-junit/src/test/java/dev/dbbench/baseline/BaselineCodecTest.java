package dev.dbbench.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.explain.RelationSize;
import dev.dbbench.explain.StatementPlans;
import dev.dbbench.metric.MetricValues;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.Timings;
import dev.dbbench.metric.WallTime;
import org.assertj.core.api.AbstractStringAssert;
import org.junit.jupiter.api.Test;

class BaselineCodecTest {

    private static final SortedMap<String, Double> RULER = new TreeMap<>(Map.of("jvm", 12_000_000.0));

    private static final Path PATH = Path.of("baselines", "com.example.OrderBench.json");

    private final BaselineCodec codec = new BaselineCodec();

    @Test
    void decodingTheEncodingGivesBackTheSameFile() {
        final BaselineFile original = twoEntryFile();

        final BaselineFile decoded = codec.decode(codec.encode(original), PATH);

        // Written values are rounded to a tenth of a nanosecond, so the decoded file equals the rounded original.
        assertThat(decoded.benchmarks().keySet()).isEqualTo(original.benchmarks().keySet());
        assertThat(samples(decoded.benchmarks().get("findByBrand [postgres 17 embedded]")))
                .containsExactly(1200.0, 1234.6, 1301.3);
        assertThat(decoded.benchmarks().get("insertOrder [postgres 17 embedded]"))
                .isEqualTo(original.benchmarks().get("insertOrder [postgres 17 embedded]"));
        assertThat(codec.decode(codec.encode(decoded), PATH)).isEqualTo(decoded);
    }

    @Test
    void encodingTheSameFileTwiceGivesIdenticalBytes() {
        assertThat(codec.encode(twoEntryFile())).isEqualTo(codec.encode(twoEntryFile()));
    }

    @Test
    void reEncodingADecodedFileGivesIdenticalBytes() {
        // A run that reads and rewrites a baseline without changing it must leave no diff in version control.
        final byte[] bytes = codec.encode(twoEntryFile());

        assertThat(codec.encode(codec.decode(bytes, PATH))).isEqualTo(bytes);
    }

    @Test
    void encodingIsTheReviewedLayout() {
        final String text = encode(BaselineFile.empty("com.example.OrderBench")
                .with(Map.of("findByBrand [postgres 17 embedded]", findByBrand())));

        // The exact layout users diff in pull requests; any change to it rewrites every committed baseline.
        assertThat(text).isEqualTo("""
                {
                  "schema" : 2,
                  "class" : "com.example.OrderBench",
                  "benchmarks" : {
                    "findByBrand [postgres 17 embedded]" : {
                      "method" : "findByBrand",
                      "target" : "postgres 17 embedded",
                      "recordedAt" : "2025-01-02T03:04:05Z",
                      "time" : {
                        "unit" : "ns/op",
                        "sampling" : {
                          "warmups" : 5,
                          "samples" : 3,
                          "opsPerSample" : 100
                        },
                        "summary" : {
                          "n" : 3,
                          "min" : 1200,
                          "median" : 1234.6,
                          "p90" : 1288,
                          "p99" : 1300,
                          "max" : 1301.3,
                          "mean" : 1245.3,
                          "stdev" : 51.5,
                          "mad" : 34.6
                        },
                        "samples" : [ 1200, 1234.6, 1301.3 ],
                        "ruler" : {
                          "jvm" : 12000000
                        }
                      },
                      "serverCpu" : [ 400, 410, 420.6 ],
                      "plans" : [ ],
                      "storage" : [ {
                        "relation" : "orders",
                        "tableBytes" : 8192,
                        "indexBytes" : 16384,
                        "toastBytes" : 0,
                        "totalBytes" : 24576
                      } ],
                      "environment" : {
                        "engine.version" : "17.6",
                        "os.name" : "Linux"
                      }
                    }
                  }
                }
                """);
    }

    @Test
    void largeTimesAreWrittenInPlainNotation() {
        final double[] samples = {131_628_269.4, 2_000_000_000};
        final BaselineEntry slow = timed("slow", samples, new TreeMap<>());

        final String text = encode(BaselineFile.empty("com.example.OrderBench").with(Map.of("slow [t]", slow)));

        // People read these numbers in diffs; E notation would hide the digits that changed.
        assertThat(text).contains("[ 131628269.4, 2000000000 ]").doesNotContain("E+").doesNotContain("E8");
        assertThat(samples(codec.decode(text.getBytes(StandardCharsets.UTF_8), PATH).benchmarks().get("slow [t]")))
                .containsExactly(samples);
    }

    @Test
    void mapKeysAreWrittenSortedWhateverTheInsertionOrder() {
        final Map<String, BaselineEntry> entries = new LinkedHashMap<>();
        entries.put("zeta [postgres 17 embedded]", entry("zeta", Map.of("z.key", "1", "a.key", "2", "m.key", "3")));
        entries.put("alpha [postgres 17 embedded]", entry("alpha", Map.of("m.key", "3", "z.key", "1", "a.key", "2")));

        final String text = encode(BaselineFile.empty("com.example.OrderBench").with(entries));

        assertThat(indexesOf(text, "\"alpha [postgres 17 embedded]\"", "\"zeta [postgres 17 embedded]\""))
                .isSorted();
        final String zetaEntry = text.substring(text.indexOf("\"zeta ["));
        assertThat(indexesOf(zetaEntry, "\"a.key\"", "\"m.key\"", "\"z.key\"")).isSorted();
    }

    @Test
    void propertiesAreWrittenInTheDeclaredOrder() {
        final String text = encode(twoEntryFile());

        assertThat(indexesOf(text, "\"schema\"", "\"class\"", "\"benchmarks\"")).isSorted();
        assertThat(indexesOf(text, "\"method\"", "\"target\"", "\"recordedAt\"", "\"time\"", "\"unit\"",
                "\"sampling\"", "\"summary\"", "\"samples\" : [", "\"ruler\"", "\"serverCpu\"", "\"plans\"",
                "\"storage\"", "\"environment\"")).isSorted();
        assertThat(indexesOf(text, "\"warmups\"", "\"samples\" : 3", "\"opsPerSample\"")).isSorted();
    }

    @Test
    void eachSamplesArrayIsOnOneLine() {
        final List<String> sampleLines = encode(twoEntryFile()).lines()
                .filter(line -> line.contains("\"samples\" : ["))
                .toList();

        // One line per array keeps a re-recorded baseline to one changed line per benchmark in a diff.
        assertThat(sampleLines).hasSize(2).allSatisfy(line -> assertThat(line.strip()).endsWith("],"));
    }

    @Test
    void encodingEndsWithExactlyOneNewline() {
        final String text = encode(twoEntryFile());

        assertThat(text).endsWith("}\n").doesNotEndWith("\n\n");
    }

    @Test
    void timesAreWrittenRoundedToATenthOfANanosecondAndTheRecordingToTheSecond() {
        final BaselineEntry entry = BaselineEntry.of("m", "t", Instant.parse("2025-01-02T03:04:05.999Z"),
                MetricValues.empty().with(Metrics.TIME, new Timings(1, 1, new double[] {12.34, 12.36, 100.04}, RULER)),
                new TreeMap<>());

        final BaselineEntry written = codec.decode(codec.encode(BaselineFile.empty("a.B").with(Map.of("m [t]", entry))),
                PATH).benchmarks().get("m [t]");

        assertThat(samples(written)).containsExactly(12.3, 12.4, 100.0);
        assertThat(written.metrics().get(Metrics.TIME).orElseThrow().summary().median()).isEqualTo(12.4);
        // Sub-second digits are noise in a reviewed file; truncation, not rounding, keeps the run's second.
        assertThat(entry.recordedAt()).isEqualTo("2025-01-02T03:04:05Z");
        assertThat(encode(BaselineFile.empty("a.B").with(Map.of("m [t]", entry)))).contains("\"unit\" : \"ns/op\"");
    }

    @Test
    void timingsDoNotShareTheCallersSampleArray() {
        final double[] samples = {1, 2, 3};
        final Timings timings = new Timings(0, 1, samples, RULER);

        samples[0] = 99;
        timings.nanosPerOp()[1] = 99;

        assertThat(timings.nanosPerOp()).containsExactly(1, 2, 3);
    }

    @Test
    void textThatIsNotJsonIsRejectedWithItsPathAndPosition() {
        assertRejected("{\n  \"schema\" : 1,\n  oops\n}")
                .contains(PATH.toString())
                .contains("is not a valid dbbench baseline file")
                .contains("(line 3, column")
                .contains("The file was not changed");
    }

    @Test
    void emptyFileIsRejected() {
        assertRejected("").contains(PATH.toString()).contains("no JSON object");
    }

    @Test
    void jsonArrayIsRejected() {
        assertRejected("[ {\"schema\" : 1} ]").contains(PATH.toString()).contains("no JSON object");
    }

    @Test
    void fileWithoutSchemaIsRejected() {
        assertRejected(replaceOnce(encode(twoEntryFile()), "\"schema\" : 2,", ""))
                .contains(PATH.toString())
                .contains("no integer \"schema\" field");
    }

    @Test
    void textualSchemaIsRejected() {
        assertRejected(replaceOnce(encode(twoEntryFile()), "\"schema\" : 2,", "\"schema\" : \"2\","))
                .contains("no integer \"schema\" field");
    }

    @Test
    void newerSchemaIsRejectedNamingBothVersions() {
        assertRejected(replaceOnce(encode(twoEntryFile()), "\"schema\" : 2,", "\"schema\" : 3,"))
                .contains(PATH.toString())
                .contains("schema version 3")
                .contains("reads only versions 1 and 2")
                .contains("The file was not changed");
    }

    @Test
    void entryMissingARequiredFieldIsRejectedNamingTheField() {
        assertRejected(replaceOnce(encode(twoEntryFile()), "\"unit\" : \"ns/op\",", ""))
                .contains(PATH.toString())
                .contains("'unit'")
                .contains("The file was not changed");
    }

    @Test
    void summaryMissingAStatisticIsRejected() {
        assertRejected(replaceOnce(encode(twoEntryFile()), "\"p99\" : 1300,", "")).contains("'p99'");
    }

    @Test
    void fileWithoutClassIsRejected() {
        assertRejected(replaceOnce(encode(twoEntryFile()), "\"class\" : \"com.example.OrderBench\",", ""))
                .contains("'class'");
    }

    @Test
    void unknownFieldIsRejectedNamingIt() {
        // Silently dropping it would lose data the next time the file is rewritten.
        assertRejected(replaceOnce(encode(twoEntryFile()), "\"unit\" : \"ns/op\",",
                "\"unit\" : \"ns/op\", \"colour\" : \"blue\","))
                .contains(PATH.toString())
                .contains("\"colour\"");
    }

    @Test
    void duplicateBenchmarkKeyIsRejected() throws Exception {
        // What a careless merge of two branches that both recorded the same benchmark leaves behind.
        final String prefix = "{\"schema\" : 2, \"class\" : \"com.example.OrderBench\", \"benchmarks\" : {";
        final String once = prefix + "\"k\" : " + entryJson() + "}}";
        final String twice = prefix + "\"k\" : " + entryJson() + ", \"k\" : " + entryJson() + "}}";
        // The same text with the key once is valid, so only the duplicate can be what is rejected.
        assertThat(codec.decode(once.getBytes(StandardCharsets.UTF_8), PATH).benchmarks()).containsOnlyKeys("k");

        assertRejected(twice).contains(PATH.toString()).contains("Duplicate field 'k'");
    }

    @Test
    void duplicateTopLevelFieldIsRejected() {
        assertRejected(replaceOnce(encode(twoEntryFile()), "\"schema\" : 2,", "\"schema\" : 2, \"schema\" : 2,"))
                .contains("Duplicate field 'schema'");
    }

    @Test
    void trailingGarbageAfterTheObjectIsRejected() {
        assertRejected(encode(twoEntryFile()) + "}\n").contains(PATH.toString()).contains("line ");
        assertRejected(encode(twoEntryFile()) + "{}\n").contains(PATH.toString()).contains("Trailing token");
    }

    private AbstractStringAssert<?> assertRejected(String json) {
        final byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        final Throwable thrown = catchThrowable(() -> codec.decode(bytes, PATH));
        assertThat(thrown).as("decoding %s", json).isInstanceOf(BaselineException.class);
        return assertThat(thrown.getMessage());
    }

    /** Edits valid JSON; fails loudly when the text to replace is absent, so no test checks an unedited file. */
    private static String replaceOnce(String text, String target, String replacement) {
        assertThat(text).as("text to edit").contains(target);
        return text.replaceFirst(Pattern.quote(target), Matcher.quoteReplacement(replacement));
    }

    private String entryJson() throws Exception {
        final String file = encode(BaselineFile.empty("com.example.OrderBench")
                .with(Map.of("k", findByBrand())));
        return new ObjectMapper().readTree(file).get("benchmarks").get("k").toString();
    }

    private String encode(BaselineFile file) {
        return new String(codec.encode(file), StandardCharsets.UTF_8);
    }

    private static int[] indexesOf(String text, String... needles) {
        return Arrays.stream(needles).mapToInt(needle -> {
            final int index = text.indexOf(needle);
            assertThat(index).as("position of %s", needle).isNotNegative();
            return index;
        }).toArray();
    }

    private static BaselineFile twoEntryFile() {
        return BaselineFile.empty("com.example.OrderBench").with(Map.of(
                "findByBrand [postgres 17 embedded]", findByBrand(),
                "insertOrder [postgres 17 embedded]", entry("insertOrder", Map.of("os.name", "Linux"))));
    }

    private static BaselineEntry findByBrand() {
        final SortedMap<String, String> environment = new TreeMap<>(Map.of(
                "os.name", "Linux", "engine.version", "17.6"));
        return BaselineEntry.of("findByBrand", "postgres 17 embedded", Instant.parse("2025-01-02T03:04:05.678Z"),
                MetricValues.empty()
                        .with(Metrics.TIME, new Timings(5, 100, new double[] {1200.04, 1234.56, 1301.26}, RULER))
                        .with(Metrics.SERVER_CPU, new double[] {400.04, 410, 420.55})
                        .with(Metrics.PLANS, StatementPlans.stored(List.of()))
                        .with(Metrics.STORAGE, List.of(new RelationSize("orders", 8192, 16384, 0, 24576))),
                environment);
    }

    private static BaselineEntry entry(String method, Map<String, String> environment) {
        return timed(method, new double[] {10, 11, 12}, new TreeMap<>(environment));
    }

    private static BaselineEntry timed(String method, double[] samples, SortedMap<String, String> environment) {
        return BaselineEntry.of(method, "postgres 17 embedded", Instant.parse("2025-01-02T03:04:05Z"),
                MetricValues.empty().with(Metrics.TIME, new Timings(0, 1, samples, RULER)), environment);
    }

    private static double[] samples(BaselineEntry entry) {
        return entry.metrics().get(Metrics.TIME).orElseThrow().nanosPerOp();
    }

    @Test
    void decodedFileEqualsTheEncodedOne() {
        final BaselineFile file = BaselineFile.empty("a.B").with(Map.of("k", timed("m", new double[] {1, 2, 3},
                new TreeMap<>())));
        final BaselineCodec codec = new BaselineCodec();

        assertThat(codec.decode(codec.encode(file), Path.of("a.B.json"))).isEqualTo(file);
    }

    @Test
    void nullEntryIsRejected() {
        final String json = "{\"schema\":2,\"class\":\"a.B\",\"benchmarks\":{\"k\":null}}";

        assertThat(catchThrowable(() -> new BaselineCodec().decode(json.getBytes(StandardCharsets.UTF_8),
                Path.of("a.B.json")))).isInstanceOf(BaselineException.class).hasMessageContaining("benchmarks.\"k\" is null");
    }

    @Test
    void nullEnvironmentValueAndForeignUnitAreRejected() {
        final String nullValue = "{\"schema\":1,\"class\":\"a.B\",\"benchmarks\":{\"k\":"
                + SCHEMA_1_ENTRY.replace("UNIT", "ns/op").replace("ENV", "null") + "}}";
        final String milliseconds = "{\"schema\":1,\"class\":\"a.B\",\"benchmarks\":{\"k\":"
                + SCHEMA_1_ENTRY.replace("UNIT", "ms/op").replace("ENV", "\"Linux\"") + "}}";

        assertThat(catchThrowable(() -> new BaselineCodec().decode(nullValue.getBytes(StandardCharsets.UTF_8),
                Path.of("a.B.json")))).isInstanceOf(BaselineException.class).hasMessageContaining("environment.\"os\" is null");
        assertThat(catchThrowable(() -> new BaselineCodec().decode(milliseconds.getBytes(StandardCharsets.UTF_8),
                Path.of("a.B.json")))).isInstanceOf(BaselineException.class)
                .hasMessageContaining("unit must be \"ns/op\" but was \"ms/op\"");
    }

    /** A schema-1 entry as dbbench wrote them before metrics were stored under their own keys. */
    private static final String SCHEMA_1_ENTRY = "{\"method\":\"m\",\"target\":\"t\","
            + "\"recordedAt\":\"2025-01-01T00:00:00Z\",\"unit\":\"UNIT\","
            + "\"sampling\":{\"warmups\":0,\"samples\":1,\"opsPerSample\":1},"
            + "\"summary\":{\"n\":1,\"min\":1,\"median\":1,\"p90\":1,\"p99\":1,\"max\":1,\"mean\":1,"
            + "\"stdev\":0,\"mad\":0},\"samples\":[1],\"serverCpu\":[],\"plans\":[],\"storage\":[],\"ruler\":{},"
            + "\"environment\":{\"os\":ENV}}";

    @Test
    void aSchemaOneEntryIsReadWithItsWallTimeUnderTimeAndRewrittenInSchemaTwo() {
        final String json = "{\"schema\":1,\"class\":\"a.B\",\"benchmarks\":{\"k\":"
                + SCHEMA_1_ENTRY.replace("UNIT", "ns/op").replace("ENV", "\"Linux\"") + "}}";

        final BaselineFile file = codec.decode(json.getBytes(StandardCharsets.UTF_8), PATH);

        final BaselineEntry entry = file.benchmarks().get("k");
        assertThat(samples(entry)).containsExactly(1);
        // schema 1 wrote an empty serverCpu where nothing was measured: that is no reading, not a reading of none.
        assertThat(entry.metrics().get(Metrics.SERVER_CPU)).isEmpty();
        assertThat(entry.metrics().get(Metrics.PLANS)).contains(StatementPlans.stored(List.of()));
        assertThat(encode(file.with(Map.of()))).contains("\"schema\" : 2").contains("\"time\" : {");
    }

    @Test
    void negativeZeroAndNonFiniteSamplesAreRejectedNamingTheFileAndTheSample() {
        for (String bad : List.of("-5", "0", "\"NaN\"", "\"Infinity\"", "\"fast\"")) {
            assertRejected(replaceOnce(encode(twoEntryFile()), "\"samples\" : [ 10,", "\"samples\" : [ " + bad + ","))
                    .as(bad)
                    .contains(PATH.toString())
                    .contains("benchmarks.\"insertOrder [postgres 17 embedded]\".time: samples[0] must be a finite"
                            + " number above zero but was " + bad.replace("\"", ""));
        }
    }

    @Test
    void anEntryWithMoreSamplesThanAVerdictCanBoundIsRejectedBeforeAnyIsJudged() {
        final double[] many = new double[WallTime.MAX_SAMPLES + 1];
        Arrays.fill(many, 1000);

        assertRejected(encode(BaselineFile.empty("a.B").with(Map.of("k", timed("m", many, new TreeMap<>())))))
                .contains("samples holds 10001 values, more than the 10000 a baseline entry may hold");
    }

    @Test
    void aFieldNoMetricOwnsIsRejectedRatherThanDropped() {
        assertRejected(replaceOnce(encode(twoEntryFile()), "\"serverCpu\" :", "\"instructionz\" : 3, \"serverCpu\" :"))
                .contains("\"instructionz\"").contains("not a metric this dbbench knows");
    }
}
