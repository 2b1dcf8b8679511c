package dev.dbbench.report;

import java.util.List;
import java.util.Optional;

import dev.dbbench.metric.ContextLine;
import dev.dbbench.metric.DetailTable;
import dev.dbbench.metric.Measure;

/**
 * One metric of one benchmark as the reports show it, rendered by the metric itself when it was
 * judged: verdict and reason, what the gate did, table cells, summary, context line, message,
 * findings and measures. Reports never need the metric's class, so they show metrics of any kind,
 * also ones a newer dbbench wrote.
 *
 * @param gating {@code TIMING}, {@code EXACT} or {@code INFORMATIONAL}
 * @param informed shown as information rather than a warning: a timing change that cannot fail here
 *     and that the work counts do not explain (absent, so false, in results of earlier versions)
 * @param columns the table columns the metric fills; {@code cells} holds one cell per column
 * @param summary what the metric adds to the benchmark's one-line summary; empty for nothing
 * @param message the message the build log printed for it; empty when it printed none
 * @param fields the fields of the result object in {@code results.json} that the metric wrote
 * @param tables the tables it adds to the benchmark's section, such as where its work moved; none in
 *     results of earlier versions
 */
public record ReportedMetric(String id, String gating, String verdict, String reason, boolean failed,
        boolean warned, boolean informed, List<String> columns, List<String> cells, String summary,
        Optional<ContextLine> context, String message, List<Finding> findings, List<String> fields,
        List<Measure> measures, List<DetailTable> tables) {

    /** The verdict of a metric the baseline holds but a run could not measure. */
    public static final String NOT_MEASURED = "NOT_MEASURED";

    /** One exact finding: what kind, about what (a statement, a table, or {@code -}), and what changed. */
    public record Finding(String kind, String subject, String detail, boolean fails) {
    }

    public ReportedMetric {
        columns = List.copyOf(columns);
        cells = List.copyOf(cells);
        findings = List.copyOf(findings);
        fields = List.copyOf(fields);
        measures = List.copyOf(measures);
        tables = List.copyOf(tables);
    }

    /** A metric that adds no table. */
    public ReportedMetric(String id, String gating, String verdict, String reason, boolean failed,
            boolean warned, boolean informed, List<String> columns, List<String> cells, String summary,
            Optional<ContextLine> context, String message, List<Finding> findings, List<String> fields,
            List<Measure> measures) {
        this(id, gating, verdict, reason, failed, warned, informed, columns, cells, summary, context, message,
                findings, fields, measures, List.of());
    }

    /**
     * Whether the metric differs from the baseline in a way the reports mark: a regression or an
     * improvement, a finding, or a gate decision.
     */
    public boolean changed() {
        return verdict.equals("REGRESSION") || verdict.equals("IMPROVEMENT") || !findings.isEmpty() || failed
                || warned || informed;
    }
}
