package dev.dbbench.report;

import java.util.List;
import java.util.Map;

/** A Markdown table of the run's results, for pull requests and the GitHub Actions job summary. */
public final class MarkdownTable implements ResultFormat {

    @Override
    public String name() {
        return "summary";
    }

    @Override
    public String extension() {
        return "md";
    }

    @Override
    public String render(Report report) {
        final List<ReportedResult> results = report.results();
        final Map<String, List<String>> metrics = ResultRows.columns(results);
        final List<String> header = ResultRows.header(metrics);
        final StringBuilder text = new StringBuilder("### dbbench results\n\n");
        appendRow(text, header);
        final StringBuilder rule = new StringBuilder("|");
        for (int i = 0; i < header.size(); i++) {
            rule.append(ResultRows.numeric(i, header.size()) ? "---:|" : "---|");
        }
        text.append(rule).append('\n');
        results.forEach(result -> appendRow(text, ResultRows.row(result, metrics)));
        final List<String> expectations = ResultRows.expectationLines(results);
        if (!expectations.isEmpty()) {
            text.append('\n');
            expectations.forEach(line -> text.append("- ").append(line.replace("|", "\\|")).append('\n'));
        }
        final List<String> failures = ResultRows.failureLines(results);
        if (!failures.isEmpty()) {
            text.append('\n').append(failures.get(0)).append("\n\n");
            failures.subList(1, failures.size()).forEach(line -> text.append("- ")
                    .append(line.strip().replace("|", "\\|")).append('\n'));
        }
        return text.toString();
    }

    private static void appendRow(StringBuilder text, List<String> cells) {
        text.append('|');
        for (String cell : cells) {
            text.append(' ').append(cell.replace("|", "\\|")).append(" |");
        }
        text.append('\n');
    }
}
