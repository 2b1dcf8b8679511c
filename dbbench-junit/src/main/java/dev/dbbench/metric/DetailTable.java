package dev.dbbench.metric;

import java.util.List;

/**
 * A table a metric adds to its benchmark's section of the HTML report, such as where a count's work
 * moved function by function: a title, column headings and rows of cells, in the order shown.
 */
public record DetailTable(String title, List<String> columns, List<List<String>> rows) {

    public DetailTable {
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
        for (List<String> row : rows) {
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException("a row of table '" + title + "' has " + row.size()
                        + " cells for " + columns.size() + " columns");
            }
        }
    }
}
