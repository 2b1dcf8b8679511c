package dev.dbbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbbench.metric.ContextLine;
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
 */
public record ReportedMetric(String id, String gating, String verdict, String reason, boolean failed,
        boolean warned, boolean informed, List<String> columns, List<String> cells, String summary,
        Optional<ContextLine> context, String message, List<Finding> findings, List<String> fields,
        List<Measure> measures) {

    /** One exact finding: what kind, about what (a statement, a table, or {@code -}), and what changed. */
    public record Finding(String kind, String subject, String detail, boolean fails) {
    }

    public ReportedMetric {
        columns = List.copyOf(columns);
        cells = List.copyOf(cells);
        findings = List.copyOf(findings);
        fields = List.copyOf(fields);
        measures = List.copyOf(measures);
    }

    /**
     * Whether the metric differs from the baseline in a way the reports mark: a regression or an
     * improvement, a finding, or a gate decision.
     */
    public boolean changed() {
        return verdict.equals("REGRESSION") || verdict.equals("IMPROVEMENT") || !findings.isEmpty() || failed
                || warned || informed;
    }

    static ReportedMetric read(JsonNode node, String where) {
        final JsonFields json = new JsonFields(node, where);
        final List<Finding> findings = new ArrayList<>();
        final JsonNode findingsArray = json.array("findings");
        for (int i = 0; i < findingsArray.size(); i++) {
            final JsonFields finding = new JsonFields(findingsArray.get(i), json.at("findings", i));
            findings.add(new Finding(finding.text("kind"), finding.text("subject"), finding.text("detail"),
                    finding.bool("fails")));
        }
        final List<Measure> measures = new ArrayList<>();
        final JsonNode measuresArray = json.array("measures");
        for (int i = 0; i < measuresArray.size(); i++) {
            measures.add(measure(measuresArray.get(i), json.at("measures", i)));
        }
        final JsonNode context = node.get("context");
        final Optional<ContextLine> line = context == null || context.isNull() ? Optional.empty()
                : Optional.of(new ContextLine(new JsonFields(context, json.at("context")).text("label"),
                        new JsonFields(context, json.at("context")).text("value")));
        return new ReportedMetric(json.text("id"), json.text("gating"), json.text("verdict"), json.text("reason"),
                json.bool("failed"), json.bool("warned"), json.optionalBool("informed"), json.texts("columns"),
                json.texts("cells"),
                json.optionalText("summary").orElse(""), line, json.optionalText("message").orElse(""), findings,
                json.texts("fields"), measures);
    }

    private static Measure measure(JsonNode node, String where) {
        final JsonFields json = new JsonFields(node, where);
        try {
            return new Measure(json.text("name"), json.text("unit"), numbers(json.array("current"), where),
                    numbers(json.array("baseline"), where));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
    }

    private static double[] numbers(JsonNode array, String where) {
        final double[] values = new double[array.size()];
        for (int i = 0; i < values.length; i++) {
            if (!array.get(i).isNumber()) {
                throw new IllegalArgumentException(where + " holds " + array.get(i) + " where a number belongs");
            }
            values[i] = array.get(i).asDouble();
        }
        return values;
    }
}
