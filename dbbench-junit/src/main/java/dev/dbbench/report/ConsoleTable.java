package dev.dbbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A plain-text table of the run's results, with aligned columns, for the build log. */
public final class ConsoleTable implements ResultFormat {

    @Override
    public String name() {
        return "summary";
    }

    @Override
    public String extension() {
        return "txt";
    }

    @Override
    public String render(Report report) {
        final List<ReportedResult> results = report.results();
        final Map<String, List<String>> metrics = ResultRows.columns(results);
        final List<List<String>> rows = new ArrayList<>();
        rows.add(ResultRows.header(metrics));
        results.forEach(result -> rows.add(ResultRows.row(result, metrics)));
        final int columns = rows.get(0).size();
        final int[] widths = new int[columns];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        final StringBuilder text = new StringBuilder();
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                final String cell = row.get(i);
                // Numbers read best right-aligned; names left-aligned.
                final String padding = " ".repeat(widths[i] - cell.length());
                text.append(ResultRows.numeric(i, columns) ? padding + cell
                        : cell + (i + 1 < row.size() ? padding : ""));
                if (i + 1 < row.size()) {
                    text.append("  ");
                }
            }
            text.append('\n');
        }
        ResultRows.expectationLines(results).forEach(line -> text.append(line).append('\n'));
        ResultRows.failureLines(results).forEach(line -> text.append(line).append('\n'));
        return text.toString();
    }
}
