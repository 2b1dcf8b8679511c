package dev.dbbench.report;

import java.util.Locale;

import dev.dbbench.plan.PlanFinding;

/** The message of a benchmark whose plans changed, whose counters rose, or whose plan expectations failed. */
public final class PlanMessage {

    private PlanMessage() {
    }

    public static String render(BenchmarkResult result) {
        final boolean fails = result.planFindings().stream().anyMatch(PlanFinding::fails);
        final StringBuilder text = new StringBuilder("dbbench: ")
                .append(fails ? "PLAN REGRESSION in " : "plan note for ")
                .append(result.benchmarkName()).append(" [").append(result.target()).append("]")
                .append(" (exact: EXPLAIN ANALYZE BUFFERS, no statistics involved)\n");
        for (PlanFinding finding : result.planFindings()) {
            text.append(String.format(Locale.ROOT, "  %-18s %s", finding.kind().name().toLowerCase(Locale.ROOT)
                    .replace('_', ' '), finding.statement())).append('\n');
            finding.detail().lines().forEach(line -> text.append("    ").append(line).append('\n'));
        }
        if (result.planFindings().stream().anyMatch(finding -> finding.fails()
                && finding.kind() != PlanFinding.Kind.EXPECTATION_MISSED)) {
            text.append("  accept       ").append(result.acceptCommand()).append('\n');
        }
        return text.toString().stripTrailing();
    }
}
