package dev.dbbench.report;

import java.util.List;

/** A Markdown table of the run's results, for pull requests and the GitHub Actions job summary. */
public final class MarkdownTable implements ResultFormat {

    @Override
    public String render(List<BenchmarkResult> results) {
        final StringBuilder text = new StringBuilder("### dbbench results\n\n");
        appendRow(text, ResultRows.HEADER);
        final StringBuilder rule = new StringBuilder("|");
        for (int i = 0; i < ResultRows.HEADER.size(); i++) {
            rule.append(ResultRows.numeric(i) ? "---:|" : "---|");
        }
        text.append(rule).append('\n');
        results.forEach(result -> appendRow(text, ResultRows.row(result)));
        final List<String> expectations = ResultRows.expectationLines(results);
        if (!expectations.isEmpty()) {
            text.append('\n');
            expectations.forEach(line -> text.append("- ").append(line.replace("|", "\\|")).append('\n'));
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
