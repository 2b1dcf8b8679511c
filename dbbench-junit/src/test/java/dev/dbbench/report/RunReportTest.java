package dev.dbbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import dev.dbbench.baseline.BaselineDiff;
import dev.dbbench.config.Invocation;
import dev.dbbench.config.Settings;
import dev.dbbench.env.RunId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The test JVMs of one run (Surefire's parallel forks) write one report; each prints its own table. */
class RunReportTest {

    private static final RunId BUILD = new RunId("maven:4242@2026-12-03T10:00:00.120Z");
    private static final RunId NEXT_BUILD = new RunId("maven:5151@2026-12-03T10:20:00.450Z");

    @TempDir
    Path temp;

    private Path directory;
    private Path jobSummary;
    private List<ReportedResult> firstJvms;
    private List<ReportedResult> secondJvms;

    @BeforeEach
    void splitASuiteInTwoJvms() {
        directory = temp.resolve("dbbench");
        jobSummary = temp.resolve("step-summary.md");
        final List<ReportedResult> suite = SyntheticResults.generate(20, 53).stream().map(ReportedResult::of).toList();
        firstJvms = suite.subList(0, 12);
        secondJvms = suite.subList(12, 20);
    }

    @Test
    void twoJvmsOfOneRunWriteOneReportHoldingBothJvmsResults() throws Exception {
        final String first = close(BUILD, firstJvms);
        final String second = close(BUILD, secondJvms);

        assertThat(names(Report.read(directory.resolve("results.json")).results()))
                .containsExactlyInAnyOrderElementsOf(names(firstJvms, secondJvms));
        assertThat(HtmlReportTest.count(Files.readString(directory.resolve("report.html")), "<section class=\"bench"))
                .isEqualTo(20);
        try (Stream<Path> files = Files.list(directory)) {
            assertThat(files.map(file -> file.getFileName().toString()).filter(name -> !name.startsWith(".")))
                    .containsExactlyInAnyOrder("results.json", "report.html", "summary.txt", "summary.md",
                            "jmh-result.json", "bencher.json");
        }
        assertThat(first).doesNotContain("also holds");
        assertThat(second).contains("; report.html also holds the 12 result(s) this build's earlier test runs wrote");
        // Each JVM's console table holds its own results only; the job summary has one table of both.
        assertThat(second).contains(new ConsoleTable().render(report(secondJvms)))
                .doesNotContain(new ConsoleTable().render(report(firstJvms)));
        assertThat(tables(Files.readString(jobSummary))).containsExactly(rows(firstJvms, secondJvms));
        assertThat(Files.readString(jobSummary)).endsWith(new ReportFiles(directory, "dbbench-report")
                .summary(Report.read(directory.resolve("results.json"))));
    }

    @Test
    void theJobSummaryTableIsRewrittenAfterWhatWasThereBeforeTheBuild() throws Exception {
        Files.writeString(jobSummary, "## Tests\n\n");

        close(BUILD, firstJvms);
        close(BUILD, secondJvms);

        assertThat(Files.readString(jobSummary)).startsWith("## Tests\n\n### dbbench results\n");
        assertThat(tables(Files.readString(jobSummary))).containsExactly(rows(firstJvms, secondJvms));
    }

    @Test
    void whatOthersWroteToTheJobSummaryStaysAndTheJoinedTableComesAfterIt() throws Exception {
        close(BUILD, firstJvms);
        final String firstTable = Files.readString(jobSummary);
        final String others = "\n### the next module's tests\n\n42 passed\n";
        Files.writeString(jobSummary, others, StandardOpenOption.APPEND);

        close(BUILD, secondJvms);

        assertThat(Files.readString(jobSummary)).startsWith(firstTable + others);
        assertThat(tables(Files.readString(jobSummary))).containsExactly(rows(firstJvms),
                rows(firstJvms, secondJvms));
    }

    @Test
    void aJobSummaryShorterThanTheBuildLeftItIsNotCut() throws Exception {
        close(BUILD, firstJvms);
        final String cut = Files.readString(jobSummary).substring(0, 12);
        Files.writeString(jobSummary, cut);

        close(BUILD, secondJvms);

        assertThat(Files.readString(jobSummary)).startsWith(cut + "### dbbench results\n");
        assertThat(tables(Files.readString(jobSummary))).containsExactly(rows(firstJvms, secondJvms));
    }

    @Test
    void anotherBuildAppendsItsOwnTable() throws Exception {
        close(BUILD, firstJvms);
        final String firstTable = Files.readString(jobSummary);

        close(NEXT_BUILD, secondJvms);

        assertThat(Files.readString(jobSummary)).startsWith(firstTable);
        assertThat(tables(Files.readString(jobSummary))).containsExactly(rows(firstJvms), rows(secondJvms));
    }

    @Test
    void anotherJobSummaryFileGetsTheTableOfAllTheBuildsResults() throws Exception {
        close(BUILD, firstJvms);
        final Path nextStep = temp.resolve("next-step-summary.md");

        close(BUILD, secondJvms, nextStep, List.of());

        assertThat(tables(Files.readString(jobSummary))).containsExactly(rows(firstJvms));
        assertThat(tables(Files.readString(nextStep))).containsExactly(rows(firstJvms, secondJvms));
    }

    @Test
    void whenTheEarlierResultsCannotBeReadTheirTableStaysInTheJobSummary() throws Exception {
        close(BUILD, firstJvms);
        Files.writeString(directory.resolve("results.json"), "{\"schema\": 2, \"results\": [");

        close(BUILD, secondJvms);

        assertThat(tables(Files.readString(jobSummary))).containsExactly(rows(firstJvms), rows(secondJvms));
    }

    @Test
    void theBaselineChangesOfTheBuildsRunsAreOneTableUnderTheResults() throws Exception {
        final String first = firstJvms.get(0).className();
        final String second = secondJvms.get(0).className();
        close(BUILD, firstJvms, jobSummary, List.of(new BaselineDiff.Line(first, "a [pg]", "new", true),
                new BaselineDiff.Line(first, "b [pg]", "nothing moved beyond its tolerance", false)));
        close(BUILD, secondJvms, jobSummary, List.of(new BaselineDiff.Line(second, "c [pg]", "statements 3 -> 53",
                true)));

        final String summary = Files.readString(jobSummary);
        assertThat(tables(summary)).containsExactly(rows(firstJvms, secondJvms));
        assertThat(summary).endsWith("### dbbench baselines: 2 entries rewritten, 1 kept\n\n"
                + "| benchmark | what moved |\n|---|---|\n"
                + "| `" + simpleName(first) + ".a [pg]` | new |\n"
                + "| `" + simpleName(second) + ".c [pg]` | statements 3 -> 53 |\n");
        assertThat(summary.indexOf("### dbbench baselines")).isGreaterThan(summary.indexOf("Charts, plans and history"));
    }

    @Test
    void theFilesOfAnotherRunAreReplaced() throws Exception {
        close(BUILD, firstJvms);
        final String next = close(NEXT_BUILD, secondJvms);

        assertThat(names(Report.read(directory.resolve("results.json")).results()))
                .containsExactlyInAnyOrderElementsOf(names(secondJvms));
        assertThat(next).doesNotContain("also holds");
        assertThat(Files.readString(directory.resolve(SharedReportFiles.MARKER)).trim()).isEqualTo(NEXT_BUILD.stored());
    }

    @Test
    void filesWithoutAMarkerAreAnEarlierVersionsAndAreReplaced() throws Exception {
        new ReportFiles(directory, "dbbench-report").write(report(firstJvms));

        close(BUILD, secondJvms);

        assertThat(names(Report.read(directory.resolve("results.json")).results()))
                .containsExactlyInAnyOrderElementsOf(names(secondJvms));
    }

    @Test
    void resultsOfThisRunThatCannotBeReadAreReplacedByThisJvmsWithAWarning() throws Exception {
        close(BUILD, firstJvms);
        final Path results = directory.resolve("results.json");
        Files.writeString(results, "{\"schema\": 2, \"results\": [");

        final String second = close(BUILD, secondJvms);

        assertThat(names(Report.read(results).results())).containsExactlyInAnyOrderElementsOf(names(secondJvms));
        assertThat(second).contains("dbbench: WARNING: " + results.toAbsolutePath() + ", written earlier in this"
                + " build, cannot be read (", "The report files now hold the 8 result(s) above alone")
                .doesNotContain("also holds");
    }

    @Test
    void aJoinKeepsTheFirstRecordingTimeThisJvmsInvocationAndThisJvmsResultOfABenchmarkBothReport() {
        final Instant earlierStart = Instant.parse("2026-12-03T10:00:02Z");
        final Instant laterStart = Instant.parse("2026-12-03T10:00:05Z");
        // The same benchmark, measured again with other samples.
        final ReportedResult both = ReportedResult.of(SyntheticResults.generate(20, 99).get(12));
        assertThat(both.fullName()).isEqualTo(secondJvms.get(0).fullName());
        assertThat(both).isNotEqualTo(secondJvms.get(0));
        final Report earlier = new Report(earlierStart, List.of(firstJvms.get(0), both), History.none(),
                Invocation.UNKNOWN);
        final Invocation started = Invocation.current();
        final Report own = new Report(laterStart, secondJvms, History.none(), started);

        final Report joined = SharedReportFiles.join(earlier, own);

        assertThat(joined.recordedAt()).isEqualTo(earlierStart);
        assertThat(joined.invocation()).isEqualTo(started);
        assertThat(joined.results()).hasSize(1 + secondJvms.size()).contains(firstJvms.get(0)).doesNotContain(both)
                .containsAll(secondJvms);
        assertThat(SharedReportFiles.join(own, earlier.withInvocation(started)).recordedAt()).isEqualTo(earlierStart);
    }

    /** One test JVM's run report, closed as the JVM ends; returns what it printed. */
    private String close(RunId run, List<ReportedResult> results) throws Exception {
        return close(run, results, jobSummary, List.of());
    }

    private String close(RunId run, List<ReportedResult> results, Path summary, List<BaselineDiff.Line> changes)
            throws Exception {
        final ByteArrayOutputStream console = new ByteArrayOutputStream();
        final RunReport report = new RunReport(new Settings.ReportOptions(directory, Optional.empty(),
                "dbbench-report"), run, Optional.of(summary), new PrintStream(console, true, StandardCharsets.UTF_8));
        results.forEach(report::add);
        report.baselineChanges(changes);
        report.close();
        return console.toString(StandardCharsets.UTF_8);
    }

    /** The rows of each results table in a job summary, by benchmark and engine, in the order they come. */
    private static List<List<String>> tables(String summary) {
        return Arrays.stream(summary.split("### dbbench results\n", -1)).skip(1)
                .map(table -> table.lines().takeWhile(line -> !line.startsWith("Charts, plans"))
                        .filter(line -> line.startsWith("| ") && !line.startsWith("| benchmark"))
                        .map(line -> String.join(" | ", Arrays.asList(line.substring(2).split(" \\| ")).subList(0, 2)))
                        .toList())
                .toList();
    }

    /** The rows a table of these results shows, by benchmark and engine. */
    @SafeVarargs
    private static List<String> rows(List<ReportedResult>... results) {
        return Arrays.stream(results).flatMap(List::stream).map(result -> result.nameAtPoint() + " | " + result.target())
                .toList();
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    private static Report report(List<ReportedResult> results) {
        return new Report(Instant.now(), results, History.none());
    }

    @SafeVarargs
    private static List<String> names(List<ReportedResult>... results) {
        return Arrays.stream(results).flatMap(List::stream).map(ReportedResult::fullName).toList();
    }
}
