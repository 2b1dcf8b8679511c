package dev.dbbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.api.Growth;
import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.evaluate.ScalingResult;
import dev.dbbench.verdict.ScalingJudge;
import org.junit.jupiter.api.Test;

/** An {@code @ExpectScaling} outcome in results.json, the build log and the HTML report. */
class ScalingReportTest {

    /** A lookup whose shared blocks grew like a scan's, carried by the result of its last value. */
    private static final BenchmarkResult MISSED = ResultFixtures.withScaling(ResultFixtures.pass(), new ScalingResult(
            "findById [postgres 16 embedded]", ScalingJudge.judge(Growth.LOGARITHMIC, "rows",
                    List.of(1_000L, 10_000L, 100_000L),
                    List.of(new ScalingJudge.Count("shared blocks", List.of(16L, 105L, 843L), 0))), true, false));

    /** Posts of every topic loaded one topic at a time: one statement per topic, beyond constant statements. */
    static final BenchmarkResult N_PLUS_ONE = ResultFixtures.withScaling(ResultFixtures.pass(), new ScalingResult(
            "postsOfTopics [postgres 16 embedded]", ScalingJudge.judge(Growth.LINEAR, Growth.CONSTANT, "topics",
                    List.of(10L, 100L, 1_000L),
                    List.of(new ScalingJudge.Count("shared blocks", List.of(31L, 220L, 2_104L), 0),
                            new ScalingJudge.Count("statements", List.of(11L, 101L, 1_001L), 0,
                                    Optional.of(Growth.CONSTANT))),
                    List.of(new ScalingJudge.Series("time (median)", List.of(410_000.0, 3_600_000.0, 35_000_000.0),
                            true), new ScalingJudge.Series("rows returned", List.of(50.0, 500.0, 5_000.0), false)),
                    List.of(new ScalingJudge.Statement("SELECT id FROM topic ORDER BY id", List.of(1L, 1L, 1L)),
                            new ScalingJudge.Statement("SELECT body FROM post WHERE topic_id = ?",
                                    List.of(10L, 100L, 1_000L)))), true, false));

    @Test
    void resultsJsonHoldsEachCountAtEachValue() {
        final ReportedResult reported = ReportedResult.of(MISSED);

        assertThat(reported.failed()).isTrue();
        final ReportedScaling scaling = reported.scaling().orElseThrow();
        assertThat(scaling.verdict()).isEqualTo("MISSED");
        assertThat(scaling.atMost()).isEqualTo("LOGARITHMIC");
        assertThat(scaling.values()).containsExactly(1_000L, 10_000L, 100_000L);
        final ReportedScaling.Count blocks = scaling.counts().get(0);
        assertThat(blocks.counts()).containsExactly(16L, 105L, 843L);
        assertThat(blocks.allowed().get(2)).isCloseTo(2.5, within(1e-9));
        assertThat(blocks.fit().growth()).isEqualTo("LINEAR");
        assertThat(blocks.fit().exponent()).isCloseTo(0.86, within(0.01));
        assertThat(blocks.fit().rSquared()).isCloseTo(0.99, within(0.01));
        assertThat(blocks.within()).isFalse();
    }

    @Test
    void resultsJsonHoldsTheFitOfEveryFigureAndTheGrowingStatement() {
        final ObjectNode json = ResultJson.write(ReportedResult.of(N_PLUS_ONE));
        final ReportedScaling scaling = ResultJson.read(json, "results[0]").scaling().orElseThrow();

        assertThat(scaling.statementsAtMost()).isEqualTo("CONSTANT");
        assertThat(scaling.counts()).extracting(ReportedScaling.Count::bound).containsExactly("LINEAR", "CONSTANT");
        assertThat(scaling.informing()).extracting(series -> series.name() + ": " + series.fit().describe())
                .containsExactly("time (median): linear, ~ n^0.97, R² 1.00",
                        "rows returned: linear, ~ n^1.00, R² 1.00");
        assertThat(scaling.statements()).singleElement().satisfies(statement -> {
            assertThat(statement.statement()).isEqualTo("SELECT body FROM post WHERE topic_id = ?");
            assertThat(statement.executions()).containsExactly(10L, 100L, 1_000L);
            assertThat(statement.fit().describe()).isEqualTo("linear, ~ n^1.00, R² 1.00");
            assertThat(statement.within()).isFalse();
        });
        final ObjectNode statement = (ObjectNode) json.get("scaling").get("statements").get(0);
        assertThat(statement.get("fitted").asText()).isEqualTo("LINEAR");
        assertThat(statement.get("rSquared").asDouble()).isCloseTo(1, within(1e-9));
    }

    @Test
    void anEarlierVersionsScalingWithoutFitsOrStatementsReadsAsItMeant() {
        final ObjectNode json = ResultJson.write(ReportedResult.of(N_PLUS_ONE));
        final ObjectNode scaling = (ObjectNode) json.get("scaling");
        scaling.remove(List.of("statementsAtMost", "informing", "statements"));
        ((ArrayNode) scaling.get("counts")).forEach(count -> ((ObjectNode) count).remove(List.of("bound", "rSquared")));

        final ReportedResult result = ResultJson.read(json, "results[0]");
        final ReportedScaling read = result.scaling().orElseThrow();

        assertThat(read.statementsAtMost()).isEqualTo("LINEAR");
        assertThat(read.counts()).extracting(ReportedScaling.Count::bound).containsExactly("LINEAR", "LINEAR");
        assertThat(read.counts().get(0).fit().rSquared()).isNaN();
        assertThat(read.counts().get(0).fit().describe()).isEqualTo("linear, ~ n^0.92");
        assertThat(read.informing()).isEmpty();
        assertThat(read.statements()).isEmpty();
        assertThat(new HtmlReport().render(new Report(Instant.parse("2026-12-03T10:00:00Z"), List.of(result),
                History.none())))
                .contains("<table class=\"scaling\">");
    }

    @Test
    void aMissFailsWithTheCountsTable() {
        final ResultMessages messages = ResultMessages.of(MISSED);

        assertThat(messages.printed()).contains("dbbench: findById [postgres 16 embedded] over rows: MISSED (failed)"
                + " - beyond at most logarithmic: shared blocks 52.69x from rows=1,000 to rows=100,000, allowed 2.50x"
                + " (fits linear, ~ n^0.86, R² 1.00)");
        assertThat(messages.failures()).singleElement().asString()
                .startsWith("dbbench: SCALING MISSED in CustomerBench.findById [postgres 16 embedded]:"
                        + " @ExpectScaling(atMost = LOGARITHMIC) over rows")
                .contains("  counts       per call                 rows=1,000  rows=10,000  rows=100,000  fits\n"
                        + "               shared blocks                    16          105           843  linear,"
                        + " ~ n^0.86, R² 1.00\n"
                        + "                 growth                      1.00x        6.56x        52.69x\n"
                        + "                 allowed (logarithmic)       1.00x        2.00x         2.50x\n");
    }

    @Test
    void anNPlusOneFailsNamingTheStatementThatGrewWithTheFitOfEveryFigure() {
        final String message = ResultMessages.of(N_PLUS_ONE).failures().get(0);

        assertThat(message).isEqualTo("""
                dbbench: SCALING MISSED in CustomerBench.postsOfTopics [postgres 16 embedded]: \
                @ExpectScaling(atMost = LINEAR, statements = CONSTANT) over topics
                  why          beyond at most linear: statements 91.00x from topics=10 to topics=1,000, allowed 1.50x \
                (at most constant) (fits linear, ~ n^0.98, R² 1.00); statement SELECT body FROM post WHERE topic_id = ? \
                ran 10x at topics=10, 100x at topics=100, 1,000x at topics=1,000 (fits linear, ~ n^1.00, R² 1.00), \
                allowed at most constant: run once per item, an N+1
                  counts       per call              topics=10  topics=100  topics=1,000  fits
                               shared blocks                31         220         2,104  linear, ~ n^0.92, R² 1.00
                                 growth                  1.00x       7.10x        67.87x
                                 allowed (linear)        1.00x      15.00x       150.00x
                               statements                   11         101         1,001  linear, ~ n^0.98, R² 1.00
                                 growth                  1.00x       9.18x        91.00x
                                 allowed (constant)      1.00x       1.50x         1.50x
                  informs      per call       topics=10  topics=100  topics=1,000  fits
                               time (median)     410 µs     3.60 ms       35.0 ms  linear, ~ n^0.97, R² 1.00
                               rows returned         50         500         5,000  linear, ~ n^1.00, R² 1.00
                  statement beyond   SELECT body FROM post WHERE topic_id = ?
                    10x at topics=10, 100x at topics=100, 1,000x at topics=1,000: fits linear, ~ n^1.00, R² 1.00, \
                beyond at most constant
                  fit          ~ n^k: the slope of log figure over log topics by least squares, R² how well that power \
                fits; the class: the slowest of a + b·g(n), g = 1, log n, n, n log n, n^2, whose log error is within 0.05 \
                of the best's (more for small counts, by their rounding)
                  allowed      count(n) / count(10) <= g(n) / g(10) x 1.5 at every value n of topics, g(n) = n (linear); \
                for statements, in total and each, g(n) = 1 (constant)
                  judged       on exact counts, one call per value: no statistics involved, whatever dbbench.gate.time \
                says; time, round trips and rows inform only""");
    }

    @Test
    void theMarkdownSummaryGivesEachFit() {
        final String markdown = new MarkdownTable().render(Report.of(List.of(N_PLUS_ONE),
                Instant.parse("2026-12-03T10:00:00Z")));

        assertThat(markdown).contains("- growth (@ExpectScaling, judged on exact counts):\n"
                + "- CustomerBench.postsOfTopics [postgres 16 embedded] over topics: MISSED (failed) - beyond at most"
                + " linear: statements 91.00x from topics=10 to topics=1,000, allowed 1.50x (at most constant) (fits"
                + " linear, ~ n^0.98, R² 1.00); statement SELECT body FROM post WHERE topic_id = ? ran 10x at"
                + " topics=10, 100x at topics=100, 1,000x at topics=1,000 (fits linear, ~ n^1.00, R² 1.00), allowed at"
                + " most constant: run once per item, an N+1; informing: time (median) fits linear, ~ n^0.97, R² 1.00;"
                + " rows returned fits linear, ~ n^1.00, R² 1.00\n");
    }

    @Test
    void theHtmlReportShowsTheCountsTheFitsTheStatementsAndTheMessage() {
        final String html = new HtmlReport().render(Report.of(List.of(MISSED, N_PLUS_ONE),
                Instant.parse("2026-12-03T10:00:00Z")));

        assertThat(html).contains("@ExpectScaling(atMost = LOGARITHMIC) over rows: MISSED (failed)",
                "<table class=\"scaling\">", "dbbench: SCALING MISSED in CustomerBench.findById",
                "@ExpectScaling(atMost = LINEAR, statements = CONSTANT) over topics: MISSED (failed)",
                "<td>statements (at most constant)</td>", "<td>time (median) (informs)</td>",
                "<table class=\"scaling statements\">",
                "<code>SELECT body FROM post WHERE topic_id = ?</code>",
                "<td>linear, ~ n^1.00, R² 1.00, beyond at most constant</td>");
    }
}
