package dev.dbbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.dbbench.api.Growth;
import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.evaluate.ScalingResult;
import dev.dbbench.stats.Summary;
import dev.dbbench.verdict.ScalingJudge;
import org.junit.jupiter.api.Test;

class HtmlReportTest {

    static final String SCRIPT = "<script>document.title='pwned'</script><img src=x onerror=alert(1)>";
    private static final Instant NOW = Instant.parse("2026-12-03T10:00:00Z");
    private static final Pattern SECTION = Pattern.compile("<section class=\"bench [a-z]+\" id=\"b-(\\d+)\">(.*?)"
            + "</section>", Pattern.DOTALL);

    @Test
    void escapingTurnsMarkupIntoText() {
        assertThat(Html.escape("<a href=\"x\">Tom & 'Jerry'</a>"))
                .isEqualTo("&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;");
    }

    @Test
    void everyTextFromUsersIsEscaped() {
        final String html = render(SyntheticResults.generate(40, 1, SCRIPT));

        // Class, method, target settings, environment values, SQL, notes and commands all carry it.
        assertThat(html).doesNotContain("<script").doesNotContain("<img")
                .contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;");
        assertThat(count(html, "&lt;script&gt;")).isGreaterThan(40 * 5);
    }

    @Test
    void aScalingSectionEscapesTheStatementsThatGrewAndClosesEveryTableItOpens() {
        final BenchmarkResult result = ResultFixtures.withScaling(ResultFixtures.pass(), new ScalingResult(
                "find [postgres 16 embedded]", ScalingJudge.judge(Growth.LINEAR, Growth.CONSTANT, "rows",
                        List.of(10L, 100L, 1_000L), List.of(new ScalingJudge.Count("statements",
                                List.of(11L, 101L, 1_001L), 0, Optional.of(Growth.CONSTANT))),
                        List.of(new ScalingJudge.Series("time (median)", List.of(1e5, 1e6, 1e7), true)),
                        List.of(new ScalingJudge.Statement("SELECT 1 WHERE ? < 2 AND '" + SCRIPT + "' <> ''",
                                List.of(10L, 100L, 1_000L)))), true, false));

        final String html = render(List.of(result));

        assertThat(html).doesNotContain("<script").contains("<code>SELECT 1 WHERE ? &lt; 2 AND &#39;&lt;script&gt;")
                .contains("<td>time (median) (informs)</td><td class=\"num\">100 µs</td>");
        for (String element : List.of("table", "thead", "tbody", "tr", "td", "th", "code")) {
            assertThat(count(html, "<" + element + ">") + count(html, "<" + element + " "))
                    .as(element).isEqualTo(count(html, "</" + element + ">"));
        }
    }

    @Test
    void declaresAPolicyThatForbidsScriptsAndLoadsNothing() {
        final String html = render(SyntheticResults.generate(20, 2));

        assertThat(html).contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"
                + " style-src 'unsafe-inline'; img-src data:\">");
        assertThat(html).doesNotContain("<script").doesNotContain("<link").doesNotContain("<iframe")
                .doesNotContain(" src=").doesNotContain(" href=\"http").doesNotContain("url(").doesNotContain("@import");
    }

    @Test
    void noAddressOutsideEscapedUserText() {
        assertThat(render(SyntheticResults.generate(20, 3))).doesNotContain("://");

        final String html = render(SyntheticResults.generate(20, 3, "https://evil.example/x\" href=\"https://evil.example/"));
        assertThat(html).contains("https://evil.example/x&quot; href=&quot;https://evil.example/");
        // Inside a tag (an attribute), an address could be fetched or followed; in text it is only shown.
        final Matcher tag = Pattern.compile("<[^>]*>").matcher(html);
        while (tag.find()) {
            assertThat(tag.group()).doesNotContain("://");
        }
    }

    @Test
    void everyBenchmarkHasASectionWithItsSamplesChartedAndALinkFromTheTop() {
        final List<BenchmarkResult> results = SyntheticResults.generate(60, 4);
        final String html = render(results);

        final Matcher section = SECTION.matcher(html);
        int sections = 0;
        while (section.find()) {
            assertThat(section.group(2)).as("section b-" + section.group(1)).contains("<svg class=\"chart samples\"")
                    .contains("<path class=\"dots").contains("Accept this run as the baseline: <code>mvn dbbench:accept");
            assertThat(html).contains("<a href=\"#b-" + section.group(1) + "\">");
            sections++;
        }
        assertThat(sections).isEqualTo(results.size());
    }

    @Test
    void failedBenchmarksComeFirstAndTheCountsLeadThePage() {
        final Report report = Report.of(SyntheticResults.generate(60, 5), NOW);
        final String html = new HtmlReport().render(report);

        assertThat(report.failed()).isNotEmpty();
        assertThat(html).contains("<title>dbbench: " + report.failed().size() + " failed, " + report.warned().size()
                + " warned, " + report.informed().size() + " for information, " + report.passed().size()
                + " passed</title>");
        final Matcher first = SECTION.matcher(html);
        assertThat(first.find()).isTrue();
        assertThat(first.group(0)).startsWith("<section class=\"bench fail\" id=\"b-0\">");
        assertThat(html.indexOf("id=\"failed\"")).isLessThan(html.indexOf("id=\"passed\""))
                .isLessThan(html.indexOf("<section class=\"bench"));
    }

    @Test
    void changedMetricsAreMarkedAndAChangedPlanShowsBothPlans() {
        // Synthetic result 7 lost its index: the plan now scans the table.
        final String html = render(SyntheticResults.generate(8, 6).subList(7, 8));

        assertThat(html).contains("<tr class=\"changed\"><td>plans <span class=\"mark\">changed</span>")
                .contains("<b>plan changed (fails)</b>")
                .contains("Index Scan using orders_customer_idx on orders ≠ Seq Scan on orders")
                .contains("shared blocks 44 -&gt; 1200");
    }

    @Test
    void aFailedRowAndCardLeadWithTheCauseTheNodeThatChangedBeforeAnyTiming() {
        final String html = render(SyntheticResults.generate(8, 6).subList(7, 8));
        final String cause = "plans: plan changed (Index Scan using orders_customer_idx on orders became Seq Scan on"
                + " orders) in SELECT";

        assertThat(html).contains("<td class=\"verdict fail\">plans REGRESSION (failed)")
                .contains("<td class=\"why\">" + cause)
                .contains("<p class=\"cause fail\">Failed: " + cause);
        final int card = html.indexOf("<section class=\"bench");
        assertThat(html.indexOf("<p class=\"cause fail\">", card)).isLessThan(html.indexOf("<p class=\"why\">", card));
    }

    @Test
    void aFailedInstructionCountShowsWhereItsWorkMovedFunctionByFunctionLargestChangeFirst() {
        final String html = render(List.of(ResultFixtures.withInstructionProfiles(ResultFixtures.regression())));

        assertThat(html).contains("<table class=\"detail\">")
                .contains("<td>ExecNestLoop</td><td class=\"num\">-</td><td class=\"num\">1,210,000</td>"
                        + "<td class=\"num up\">+1.21 M</td>")
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;").doesNotContain("<script>alert");
        assertThat(html.indexOf("<td>ExecNestLoop</td>")).isLessThan(html.indexOf("<td>ExecAgg</td>"));
        assertThat(html.indexOf("<td>ExecAgg</td>")).isLessThan(html.indexOf("<td>ExecHashJoin</td>"));
    }

    @Test
    void expectationsShowTheSpeedupWithItsInterval() {
        final BenchmarkResult result = SyntheticResults.generate(1, 7).get(0);
        final var judgement = result.expectations().get(0).judgement();
        final String html = render(List.of(result));

        assertThat(html).contains("<svg class=\"chart speedups\"")
                .contains(Units.format(judgement.comparison().ratioLow(), "x") + " to "
                        + Units.format(judgement.comparison().ratioHigh(), "x") + " (98%)");
    }

    @Test
    void historyDrawsTheMedianOfEveryEarlierRunAndTheBaseline() {
        final List<BenchmarkResult> results = SyntheticResults.generate(2, 8);
        final Report report = Report.of(results, NOW);
        final String key = report.results().get(0).fullName();
        final History history = new History(Map.of(key, List.of(
                new History.Point(Instant.parse("2026-11-01T00:00:00Z"), 900_000),
                new History.Point(Instant.parse("2026-11-15T00:00:00Z"), 1_100_000))), 2, List.of());

        final String html = new HtmlReport().render(report.withHistory(history));

        assertThat(count(html, "<svg class=\"chart history\"")).isEqualTo(1);
        assertThat(html).contains("median over 3 runs, from 2026-11-01 to 2026-12-03")
                .contains("<line class=\"baseline\"").contains("No earlier run of this benchmark in the history.");
    }

    @Test
    void aHistoryFolderHoldingThisRunsOwnFileDrawsItOnce() {
        final Report report = Report.of(SyntheticResults.generate(1, 9), NOW);
        final ReportedResult result = report.results().get(0);
        final double median = Summary.of(result.headline().measures().get(0).current()).median();
        final History history = new History(Map.of(result.fullName(), List.of(
                new History.Point(Instant.parse("2026-11-01T00:00:00Z"), 900_000),
                new History.Point(NOW, median + 1),
                new History.Point(NOW, median))), 3, List.of());

        // An earlier run in the same second is another run; this run's own file is not.
        assertThat(new HtmlReport().render(report.withHistory(history))).contains("median over 3 runs");
    }

    static String render(List<BenchmarkResult> results) {
        return new HtmlReport().render(Report.of(results, NOW));
    }

    static int count(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
            count++;
        }
        return count;
    }
}
