package dev.dbbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

import dev.dbbench.explain.StatisticsRestore;
import dev.dbbench.metric.DetailTable;
import dev.dbbench.metric.Measure;
import dev.dbbench.stats.Summary;
import dev.dbbench.verdict.EnvironmentChange;

/**
 * The run as one self-contained HTML page ({@code report.html}): what failed, warned and passed at
 * the top, linked to a section per benchmark with its samples charted against the baseline's, its
 * verdict and why, every metric's figures with changed ones marked, findings such as changed plans,
 * its {@code @ExpectFasterThan} speed-ups, its environment's differences and the command that
 * accepts it. Charts are inline SVG drawn by {@link Charts}; the page loads nothing and runs no
 * script, which its Content-Security-Policy ({@code default-src 'none'}) makes the browser enforce.
 * Every text that is not its own markup goes through {@link Html#escape}.
 */
public final class HtmlReport implements ResultFormat {

    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

    @Override
    public String name() {
        return "report";
    }

    @Override
    public String extension() {
        return "html";
    }

    @Override
    public String render(Report report) {
        final List<ReportedResult> ordered = new ArrayList<>(report.failed());
        ordered.addAll(report.warned());
        ordered.addAll(report.informed());
        ordered.addAll(report.passed());
        final Map<SortedMap<String, String>, Integer> environments = new LinkedHashMap<>();
        ordered.forEach(result -> environments.putIfAbsent(result.environment(), environments.size() + 1));
        final StringBuilder html = new StringBuilder(4096 + 6000 * ordered.size());
        head(html, report);
        overview(html, report);
        for (int i = 0; i < ordered.size(); i++) {
            new BenchmarkSection(html, report, ordered.get(i), i, environments.get(ordered.get(i).environment()))
                    .render();
        }
        environments(html, environments);
        return html.append("</main></body></html>\n").toString();
    }

    private static void head(StringBuilder html, Report report) {
        final String counts = report.failed().size() + " failed, " + report.warned().size() + " warned, "
                + report.informed().size() + " for information, " + report.passed().size() + " passed";
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(CONTENT_SECURITY_POLICY)
                .append("\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append(Html.element("title", "", "dbbench: " + counts)).append("\n<style>").append(Style.CSS)
                .append("</style></head>\n<body><main>\n<h1>dbbench report</h1>\n<p class=\"meta\">")
                .append(Html.escape("Run recorded " + report.recordedAt() + " · " + report.results().size()
                        + " benchmark(s) · " + history(report.history())))
                .append("</p>\n<p class=\"meta\">Charts: each dot is one sample, grey the baseline's and coloured"
                        + " this run's, on one axis; a bar marks each median.</p>\n");
    }

    private static String history(History history) {
        if (history.runs() == 0 && history.skipped().isEmpty()) {
            return "no history (set dbbench.report.history to a folder of earlier results.json files)";
        }
        return "history: " + history.runs() + " earlier results file(s)" + (history.skipped().isEmpty() ? ""
                : "; passed over " + history.skipped().size() + " file(s) that are not JSON: "
                        + String.join(", ", history.skipped().subList(0, Math.min(5, history.skipped().size()))));
    }

    private static void overview(StringBuilder html, Report report) {
        html.append("<nav id=\"overview\"><p class=\"counts\"><a class=\"fail\" href=\"#failed\">")
                .append(report.failed().size()).append(" failed</a> <a class=\"warn\" href=\"#warned\">")
                .append(report.warned().size()).append(" warned</a> <a class=\"info\" href=\"#informed\">")
                .append(report.informed().size()).append(" for information</a> <a class=\"pass\" href=\"#passed\">")
                .append(report.passed().size()).append(" passed</a></p>\n");
        final Map<String, List<String>> columns = ResultRows.columns(report.results());
        int index = 0;
        index = group(html, "failed", "Failed", report.failed(), columns, index, true);
        index = group(html, "warned", "Warned", report.warned(), columns, index, true);
        index = group(html, "informed", "For information: timings that moved with the work counts unchanged",
                report.informed(), columns, index, report.informed().size() <= 50);
        group(html, "passed", "Passed", report.passed(), columns, index, report.results().size() <= 50);
        html.append("</nav>\n");
    }

    /**
     * One group of the overview: a table of its results, each linked to its section; returns the next
     * index. The verdict comes right after the benchmark, and for failures and warnings why, so the
     * first screen says what failed and why at any width; the figures follow and scroll sideways.
     */
    private static int group(StringBuilder html, String id, String title, List<ReportedResult> results,
            Map<String, List<String>> columns, int first, boolean open) {
        html.append("<h2 id=\"").append(id).append("\">").append(title).append(" (").append(results.size())
                .append(")</h2>\n");
        if (results.isEmpty()) {
            html.append("<p>None.</p>\n");
            return first;
        }
        final boolean why = !id.equals("passed");
        html.append("<details").append(open ? " open" : "").append("><summary>").append(results.size())
                .append(" benchmark(s)</summary>\n<table class=\"overview\"><thead><tr>");
        final List<String> header = ResultRows.header(columns);
        html.append(Html.element("th", "", header.get(0))).append(Html.element("th", "", "verdict"))
                .append(why ? Html.element("th", "", "why") : "");
        header.subList(1, header.size() - 1).forEach(name -> html.append(Html.element("th", "", name)));
        html.append("</tr></thead><tbody>\n");
        int index = first;
        for (ReportedResult result : results) {
            final List<String> row = ResultRows.row(result, columns);
            html.append("<tr class=\"").append(tone(result)).append("\"><td><a href=\"#b-").append(index++)
                    .append("\">").append(Html.escape(row.get(0))).append("</a></td>")
                    .append(Html.element("td", "class=\"verdict " + tone(result) + "\"", verdict(result)))
                    .append(why ? Html.element("td", "class=\"why\"", why(result)) : "");
            for (int i = 1; i < row.size() - 1; i++) {
                html.append(Html.element("td", ResultRows.numeric(i, row.size()) ? "class=\"num\"" : "", row.get(i)));
            }
            html.append("</tr>\n");
        }
        html.append("</tbody></table></details>\n");
        return index;
    }

    private static void environments(StringBuilder html, Map<SortedMap<String, String>, Integer> environments) {
        html.append("<section id=\"environments\"><h2>Environments</h2>\n");
        environments.forEach((facts, number) -> {
            html.append("<details id=\"env-").append(number).append("\"><summary>environment ").append(number)
                    .append(" (").append(facts.size()).append(" facts)</summary><table class=\"env\">");
            facts.forEach((key, value) -> html.append("<tr>").append(Html.element("th", "", key))
                    .append(Html.element("td", "", value)).append("</tr>"));
            html.append("</table></details>\n");
        });
        html.append("</section>\n");
    }

    /**
     * The verdict, cause first: what failed (metrics, then expectations), then what warned, then what
     * only informs, so a row whose timing could not tell but whose instructions failed reads
     * {@code instructions REGRESSION (failed); time INCONCLUSIVE (warning)}; a result where nothing
     * failed or warned reads as the tables give it.
     */
    static String verdict(ReportedResult result) {
        if (!result.failed() && !result.warned()) {
            return ResultRows.verdict(result);
        }
        final List<String> parts = new ArrayList<>();
        for (int rank = 0; rank < 3; rank++) {
            for (ReportedMetric metric : result.metrics()) {
                if (rank(metric.failed(), metric.warned(), metric.informed()) == rank) {
                    parts.add(metric.id() + " " + metric.verdict() + ResultRows.marker(metric));
                }
            }
            for (ReportedExpectation expectation : result.expectations()) {
                if (rank(expectation.failed(), expectation.warned(), false) == rank) {
                    parts.add("@ExpectFasterThan " + expectation.verdict()
                            + ResultRows.marker(expectation.failed(), expectation.warned()));
                }
            }
            final int scalingRank = rank;
            result.scaling().filter(scaling -> rank(scaling.failed(), scaling.warned(), false) == scalingRank)
                    .ifPresent(scaling -> parts.add("@ExpectScaling " + scaling.verdict()
                            + ResultRows.marker(scaling.failed(), scaling.warned())));
        }
        if (!result.note().isEmpty()) {
            parts.add(result.note());
        }
        return String.join("; ", parts);
    }

    /** 0 for what failed, 1 for a warning, 2 for information, 3 for the rest. */
    private static int rank(boolean failed, boolean warned, boolean informed) {
        return failed ? 0 : warned ? 1 : informed ? 2 : 3;
    }

    /**
     * Why a result failed or warned, as its cause: the first failing finding of the first metric,
     * expectation or scaling that failed (the plan node that changed, the statement that moved),
     * else of the first that warned, else the headline's reason.
     */
    static String why(ReportedResult result) {
        for (boolean failing : new boolean[] {true, false}) {
            for (ReportedMetric metric : result.metrics()) {
                if (failing ? metric.failed() : metric.warned()) {
                    return metric.id() + ": " + cause(metric);
                }
            }
            for (ReportedExpectation expectation : result.expectations()) {
                if (failing ? expectation.failed() : expectation.warned()) {
                    return "@ExpectFasterThan: " + expectation.reason();
                }
            }
            final Optional<ReportedScaling> scaling = result.scaling()
                    .filter(found -> failing ? found.failed() : found.warned());
            if (scaling.isPresent()) {
                return "@ExpectScaling: " + scaling.get().reason();
            }
        }
        return result.headline().reason();
    }

    /** A metric's first failing finding (else its first) in a line, with its statement; else its reason. */
    private static String cause(ReportedMetric metric) {
        return metric.findings().stream().filter(ReportedMetric.Finding::fails).findFirst()
                .or(() -> metric.findings().stream().findFirst())
                .map(finding -> finding.detail().lines().findFirst().orElse("").replaceAll(":$", "")
                        + (finding.subject().equals("-") ? "" : " in " + shortened(finding.subject())))
                .orElse(metric.reason());
    }

    private static String shortened(String statement) {
        final String line = statement.replaceAll("\\s+", " ").strip();
        return line.length() <= 100 ? line : line.substring(0, 99) + "…";
    }

    static String tone(ReportedResult result) {
        return result.failed() ? "fail" : result.warned() ? "warn" : result.informed() ? "info"
                : result.headline().verdict().equals("NEW") ? "new" : "pass";
    }

    /** One benchmark's section. */
    private record BenchmarkSection(StringBuilder html, Report report, ReportedResult result, int index,
            int environment) {

        void render() {
            html.append("<section class=\"bench ").append(tone(result)).append("\" id=\"b-").append(index)
                    .append("\">\n<h3><a href=\"#b-").append(index).append("\">")
                    .append(Html.escape(result.nameAtPoint())).append("</a> ")
                    .append(Html.element("span", "class=\"target\"", "[" + result.target() + "]")).append(' ')
                    .append(Html.element("span", "class=\"badge " + tone(result) + "\"", verdict(result)))
                    .append("</h3>\n").append(Html.element("p", "class=\"meta\"", result.className()
                            + " · baseline " + result.baselineFile() + " (recorded " + result.baselineRecordedAt()
                            + ")")).append('\n')
                    .append(result.failed() || result.warned() ? Html.element("p", "class=\"cause " + tone(result)
                            + "\"", (result.failed() ? "Failed: " : "Warning: ") + why(result)) + "\n" : "")
                    .append(Html.element("p", "class=\"why\"", (result.failed() || result.warned()
                            ? result.headline().id() + ": " : "Why: ") + result.headline().reason())).append('\n');
            result.timing().ifPresent(timing -> {
                html.append(Html.element("p", "class=\"why\"", "Work counts: " + timing.counts())).append('\n');
                if (!result.headline().verdict().equals("PASS") && !result.headline().verdict().equals("NEW")) {
                    html.append(Html.element("p", "class=\"why\"", "Timing " + timing.gate() + ". Settle it: "
                            + timing.compareCommand())).append('\n');
                }
            });
            if (!result.note().isEmpty()) {
                html.append(Html.element("p", "class=\"note\"", "Note: " + result.note())).append('\n');
            }
            final String statistics = result.environment().get(StatisticsRestore.ENVIRONMENT);
            if (statistics != null) {
                html.append(Html.element("p", "class=\"note\"", "Plans captured under production statistics: "
                        + statistics)).append('\n');
            }
            charts();
            metrics();
            findings();
            tables();
            expectations();
            scaling();
            environmentChanges();
            messages();
            html.append("<p class=\"accept\">Accept this run as the baseline: ")
                    .append(Html.element("code", "", result.acceptCommand())).append(", then commit ")
                    .append(Html.element("code", "", result.baselineFile())).append("</p>\n</section>\n");
        }

        private void charts() {
            html.append("<div class=\"charts\">");
            boolean first = true;
            for (ReportedMetric metric : result.metrics()) {
                for (Measure measure : metric.measures()) {
                    if (first || measure.current().length > 1 || measure.baseline().length > 1) {
                        html.append("<figure>").append(Charts.samples(measure, tone(result)))
                                .append(Html.element("figcaption", "", measure.name() + " per sample, "
                                        + measure.unit()))
                                .append("</figure>");
                    }
                    first = false;
                }
            }
            history();
            html.append("</div>\n");
        }

        private void history() {
            if (report.history().runs() == 0 || result.headline().measures().isEmpty()) {
                return;
            }
            final Measure headline = result.headline().measures().get(0);
            final History.Point now = new History.Point(report.recordedAt(), Summary.of(headline.current()).median());
            final List<History.Point> points = new ArrayList<>(report.history().of(result.fullName()));
            // The history folder may hold this run's own results file; its point is drawn once.
            points.remove(now);
            points.add(now);
            if (points.size() < 2) {
                html.append(Html.element("p", "class=\"note\"", "No earlier run of this benchmark in the history."));
                return;
            }
            final double baseline = headline.baseline().length == 0 ? Double.NaN
                    : Summary.of(headline.baseline()).median();
            html.append("<figure>").append(Charts.history(points, baseline, headline.unit()))
                    .append(Html.element("figcaption", "", "median " + headline.name() + " over " + points.size()
                            + " runs, oldest first; dashed: the baseline's median")).append("</figure>");
        }

        private void metrics() {
            html.append("<table class=\"metrics\"><thead><tr><th>metric</th><th>verdict</th><th>baseline</th>")
                    .append("<th>this run</th><th>figures</th></tr></thead><tbody>\n");
            for (ReportedMetric metric : result.metrics()) {
                html.append("<tr").append(metric.changed() ? " class=\"changed\"" : "").append("><td>")
                        .append(Html.escape(metric.id())).append(metric.changed() ? " <span class=\"mark\">changed</span>"
                                : "").append(Html.element("div", "class=\"gating\"", metric.gating().toLowerCase(Locale.ROOT)))
                        .append("</td><td>").append(Html.escape(metric.verdict() + (metric.failed() ? " (failed)"
                                : metric.warned() ? " (warning)" : metric.informed() ? " (information)" : "")))
                        .append(Html.element("div", "class=\"reason\"", metric.reason())).append("</td><td>")
                        .append(measures(metric, true)).append("</td><td>").append(measures(metric, false))
                        .append("</td><td>").append(figures(metric)).append("</td></tr>\n");
            }
            html.append("</tbody></table>\n");
        }

        private static String measures(ReportedMetric metric, boolean baseline) {
            final StringBuilder cell = new StringBuilder();
            for (Measure measure : metric.measures()) {
                final double[] values = baseline ? measure.baseline() : measure.current();
                final String value = values.length == 0 ? "-"
                        : Units.format(Summary.of(values).median(), measure.unit());
                // "1 statements/op" says its name already; "latency 1.2 ms" needs it.
                cell.append(Html.element("div", "", measure.unit().startsWith(measure.name()) ? value
                        : measure.name() + " " + value));
            }
            return cell.length() == 0 ? "-" : cell.toString();
        }

        private static String figures(ReportedMetric metric) {
            final StringBuilder cell = new StringBuilder();
            if (!metric.cells().isEmpty() && metric.cells().size() == metric.columns().size()) {
                cell.append("<dl class=\"cells\">");
                for (int i = 0; i < metric.cells().size(); i++) {
                    cell.append(Html.element("dt", "", metric.columns().get(i)))
                            .append(Html.element("dd", "", metric.cells().get(i)));
                }
                cell.append("</dl>");
            } else if (!metric.summary().isEmpty()) {
                cell.append(Html.element("div", "", metric.summary()));
            }
            metric.context().ifPresent(line -> cell.append(Html.element("div", "", line.label() + ": " + line.value())));
            return cell.toString();
        }

        private void findings() {
            for (ReportedMetric metric : result.metrics()) {
                if (metric.findings().isEmpty()) {
                    continue;
                }
                html.append("<div class=\"findings\">").append(Html.element("h4", "", metric.id() + ": "
                        + metric.findings().size() + " finding(s)")).append("<ul>");
                for (ReportedMetric.Finding finding : metric.findings()) {
                    html.append("<li").append(finding.fails() ? " class=\"fails\"" : "").append('>')
                            .append(Html.element("b", "", finding.kind().toLowerCase(Locale.ROOT).replace('_', ' ')
                                    + (finding.fails() ? " (fails)" : ""))).append(' ')
                            .append(Html.element("code", "", finding.subject()))
                            .append(Html.element("pre", "", finding.detail())).append("</li>");
                }
                html.append("</ul></div>\n");
            }
        }

        /** The tables metrics add, such as where a count's work moved, function by function. */
        private void tables() {
            for (ReportedMetric metric : result.metrics()) {
                for (DetailTable table : metric.tables()) {
                    html.append("<div class=\"detail\">").append(Html.element("h4", "", metric.id() + ": "
                            + table.title())).append("<table class=\"detail\"><thead><tr>");
                    table.columns().forEach(column -> html.append(Html.element("th", "", column)));
                    html.append("</tr></thead><tbody>");
                    for (List<String> row : table.rows()) {
                        html.append("<tr>");
                        for (int i = 0; i < row.size(); i++) {
                            html.append(Html.element("td", i == 0 ? "" : "class=\"num" + direction(row.get(i)) + "\"",
                                    row.get(i)));
                        }
                        html.append("</tr>");
                    }
                    html.append("</tbody></table></div>\n");
                }
            }
        }

        /** A signed figure is a change, marked as a rise or a fall: {@code +2.90 M}, {@code -400 k}. */
        private static String direction(String cell) {
            return cell.length() > 1 && Character.isDigit(cell.charAt(1))
                    ? cell.charAt(0) == '+' ? " up" : cell.charAt(0) == '-' ? " down" : "" : "";
        }

        private void expectations() {
            if (result.expectations().isEmpty()) {
                return;
            }
            html.append("<h4>@ExpectFasterThan</h4><table class=\"expectations\"><thead><tr><th>expectation</th>")
                    .append("<th>verdict</th><th>needed</th><th>speed-up</th><th>interval</th><th>medians</th>")
                    .append("</tr></thead><tbody>\n");
            for (ReportedExpectation expectation : result.expectations()) {
                html.append("<tr class=\"").append(expectation.failed() ? "fail" : expectation.warned() ? "warn"
                                : "pass").append("\">")
                        .append(Html.element("td", "", expectation.benchmark() + " vs " + expectation.other()))
                        .append("<td>").append(Html.escape(expectation.verdict() + (expectation.failed() ? " (failed)"
                                : expectation.warned() ? " (warning)" : "")))
                        .append(Html.element("div", "class=\"reason\"", expectation.reason())).append("</td>")
                        .append(Html.element("td", "class=\"num\"", Units.format(expectation.factor(), "x")))
                        .append(Html.element("td", "class=\"num\"", Units.format(expectation.speedup(), "x")))
                        .append(Html.element("td", "class=\"num\"", Units.format(expectation.low(), "x") + " to "
                                + Units.format(expectation.high(), "x") + " (" + Math.round(expectation.confidence()
                                * 100) + "%)"))
                        .append(Html.element("td", "class=\"num\"", Units.format(expectation.thisMedian(), "ns")
                                + " vs " + Units.format(expectation.otherMedian(), "ns"))).append("</tr>\n");
            }
            html.append("</tbody></table>\n<figure>").append(Charts.speedups(result.expectations()))
                    .append("<figcaption>speed-up (dot) with its interval (bar); dashed: the speed-up needed"
                            + "</figcaption></figure>\n");
        }

        /**
         * The counts at each value of the parameter, each with its growth, what its bound allowed and the
         * growth it fits; the figures that inform beside them; the statements whose executions grew.
         */
        private void scaling() {
            if (result.scaling().isEmpty()) {
                return;
            }
            final ReportedScaling scaling = result.scaling().get();
            html.append("<h4>").append(Html.escape("@ExpectScaling(atMost = " + scaling.atMost()
                    + (scaling.statementsAtMost().equals(scaling.atMost()) ? ""
                            : ", statements = " + scaling.statementsAtMost()) + ") over " + scaling.parameter() + ": "
                    + scaling.verdict() + (scaling.failed() ? " (failed)" : scaling.warned() ? " (warning)" : "")))
                    .append("</h4>\n")
                    .append(Html.element("p", "class=\"reason\"", scaling.reason()))
                    .append("<table class=\"scaling\"><thead><tr><th>per call</th>");
            scaling.values().forEach(value -> html.append(Html.element("th", "class=\"num\"", scaling.parameter()
                    + "=" + Units.number(value))));
            html.append("<th>fits</th></tr></thead><tbody>\n");
            for (ReportedScaling.Count count : scaling.counts()) {
                html.append("<tr class=\"").append(count.within() ? "pass" : "fail").append("\">")
                        .append(Html.element("td", "", count.name() + " (at most "
                                + count.bound().toLowerCase(Locale.ROOT) + ")"));
                for (int i = 0; i < count.counts().size(); i++) {
                    html.append(Html.element("td", "class=\"num\"", Units.number(count.counts().get(i)) + " ("
                            + Units.format(count.ratios().get(i), "x") + ", allowed "
                            + Units.format(count.allowed().get(i), "x") + ")"));
                }
                html.append(Html.element("td", "", count.fit().describe())).append("</tr>\n");
            }
            for (ReportedScaling.Series series : scaling.informing()) {
                html.append("<tr>").append(Html.element("td", "", series.name() + " (informs)"));
                series.values().forEach(value -> html.append(Html.element("td", "class=\"num\"", series.duration()
                        ? Units.format(value, "ns") : Units.number(value))));
                html.append(Html.element("td", "", series.fit().describe())).append("</tr>\n");
            }
            html.append("</tbody></table>\n");
            growingStatements(scaling);
        }

        /** The statements whose executions changed with the parameter, each with its executions at each value. */
        private void growingStatements(ReportedScaling scaling) {
            if (scaling.statements().isEmpty()) {
                return;
            }
            html.append("<table class=\"scaling statements\"><thead><tr><th>statement whose executions grew</th>");
            scaling.values().forEach(value -> html.append(Html.element("th", "class=\"num\"", scaling.parameter()
                    + "=" + Units.number(value))));
            html.append("<th>fits</th></tr></thead><tbody>\n");
            for (ReportedScaling.Statement statement : scaling.statements()) {
                html.append("<tr class=\"").append(statement.within() ? "pass" : "fail").append("\"><td>")
                        .append(Html.element("code", "", statement.statement())).append("</td>");
                statement.executions().forEach(executions -> html.append(Html.element("td", "class=\"num\"",
                        Units.number(executions) + "x")));
                html.append(Html.element("td", "", statement.fit().describe() + (statement.within() ? ""
                        : ", beyond at most " + scaling.statementsAtMost().toLowerCase(Locale.ROOT))))
                        .append("</tr>\n");
            }
            html.append("</tbody></table>\n");
        }

        private void environmentChanges() {
            html.append("<p class=\"env\">Environment: <a href=\"#env-").append(environment).append("\">environment ")
                    .append(environment).append("</a>");
            final List<EnvironmentChange> changes = result.environmentChanges();
            if (changes.isEmpty()) {
                html.append(result.headline().verdict().equals("NEW") ? "; no baseline run to compare with</p>\n"
                        : "; same as the baseline's run</p>\n");
                return;
            }
            html.append("; differs from the baseline's run:</p>\n<table class=\"env changes\"><thead><tr><th>fact</th>")
                    .append("<th>baseline</th><th>this run</th></tr></thead><tbody>");
            for (EnvironmentChange change : changes) {
                html.append("<tr>").append(Html.element("th", "", change.key()))
                        .append(Html.element("td", "", change.baseline()))
                        .append(Html.element("td", "", change.current())).append("</tr>");
            }
            html.append("</tbody></table>\n");
        }

        private void messages() {
            final List<String> messages = new ArrayList<>();
            result.metrics().stream().map(ReportedMetric::message).filter(text -> !text.isEmpty())
                    .forEach(messages::add);
            result.expectations().stream().filter(expectation -> expectation.failed() || expectation.warned())
                    .map(ReportedExpectation::message).forEach(messages::add);
            result.scaling().filter(scaling -> scaling.failed() || scaling.warned())
                    .map(ReportedScaling::message).ifPresent(messages::add);
            if (messages.isEmpty()) {
                return;
            }
            html.append("<details class=\"log\"").append(result.failed() ? " open" : "")
                    .append("><summary>messages (the build log prints failures in full, other results in one"
                            + " line)</summary>");
            messages.forEach(message -> html.append(Html.element("pre", "", message)));
            html.append("</details>\n");
        }
    }
}
