package dev.dbbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.List;

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
        assertThat(blocks.fitted()).isEqualTo("LINEAR");
        assertThat(blocks.within()).isFalse();
    }

    @Test
    void aMissFailsWithTheCountsTable() {
        final ResultMessages messages = ResultMessages.of(MISSED);

        assertThat(messages.printed()).contains("dbbench: findById [postgres 16 embedded] over rows: MISSED (failed)"
                + " - beyond at most logarithmic: shared blocks 52.69x from rows=1,000 to rows=100,000, allowed 2.50x"
                + " (fits linear, ~ n^0.86)");
        assertThat(messages.failures()).singleElement().asString()
                .startsWith("dbbench: SCALING MISSED in CustomerBench.findById [postgres 16 embedded]:"
                        + " @ExpectScaling(atMost = LOGARITHMIC) over rows")
                .contains("  counts       per call        rows=1,000  rows=10,000  rows=100,000\n"
                        + "               allowed growth       1.00x        2.00x         2.50x\n"
                        + "               shared blocks           16          105           843\n");
    }

    @Test
    void theHtmlReportShowsTheCountsAndTheMessage() {
        final String html = new HtmlReport().render(Report.of(List.of(MISSED), Instant.parse("2026-12-03T10:00:00Z")));

        assertThat(html).contains("@ExpectScaling(atMost = LOGARITHMIC) over rows: MISSED (failed)",
                "<table class=\"scaling\">", "dbbench: SCALING MISSED in CustomerBench.findById");
    }
}
