package dev.dbbench.metric;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.dbbench.explain.RelationSize;
import dev.dbbench.explain.StatementPlan;
import dev.dbbench.explain.StatementPlans;
import dev.dbbench.spec.PlanExpectations;
import dev.dbbench.text.SqlText;

/**
 * Compares a benchmark's statement plans and table sizes with its baseline's, and checks the plan
 * expectations the method declares. No statistics: plan shapes, buffer counts and sizes are exact,
 * so one run decides.
 */
final class PlanJudge {

    /** A counter must rise by more than this fraction, and by more than {@link #MIN_BLOCKS}, to fail. */
    static final double TOLERANCE = 0.2;
    static final long MIN_BLOCKS = 16;
    /** The same floor for on-disk sizes: sixteen 8 KiB pages. */
    static final long MIN_BYTES = MIN_BLOCKS * 8192;

    private PlanJudge() {
    }

    /**
     * Changed shapes and counters of the statements both runs executed (the same statement by its
     * normalized text), then every declared expectation that fails.
     */
    static List<Finding> plans(StatementPlans current, List<StatementPlan> baseline, PlanExpectations declared) {
        final List<Finding> findings = new ArrayList<>();
        final Map<String, StatementPlan> before = baseline.stream().collect(Collectors.toMap(
                plan -> SqlText.normalized(plan.statement()), Function.identity(), (a, b) -> a));
        for (StatementPlan plan : current.plans()) {
            final StatementPlan old = before.get(SqlText.normalized(plan.statement()));
            if (old == null) {
                continue;
            }
            if (!old.shape().equals(plan.shape())) {
                findings.add(new Finding(Finding.Kind.PLAN_CHANGED, plan.statement(),
                        "plan changed (" + firstChange(old.shape(), plan.shape()) + "):\n"
                                + sideBySide(old.shape(), plan.shape())));
            }
            compare(findings, plan.statement(), "shared blocks", old.sharedBlocks(), plan.sharedBlocks(), MIN_BLOCKS);
            compare(findings, plan.statement(), "temp blocks", old.tempBlocks(), plan.tempBlocks(), MIN_BLOCKS);
            compare(findings, plan.statement(), "rows", old.rows(), plan.rows(), MIN_BLOCKS);
        }
        expected(findings, current, declared);
        return findings;
    }

    /** Tables whose total size grew or shrank beyond the tolerance. */
    static List<Finding> storage(List<RelationSize> current, List<RelationSize> baseline) {
        final List<Finding> findings = new ArrayList<>();
        final Map<String, RelationSize> before = baseline.stream()
                .collect(Collectors.toMap(RelationSize::relation, Function.identity(), (a, b) -> a));
        for (RelationSize size : current) {
            final RelationSize old = before.get(size.relation());
            if (old != null) {
                compare(findings, "table " + size.relation(), "total size in bytes", old.totalBytes(),
                        size.totalBytes(), MIN_BYTES);
            }
        }
        return findings;
    }

    private static void compare(List<Finding> findings, String subject, String counter, long before, long after,
            long floor) {
        Counts.compare(findings, subject, counter, before, after, TOLERANCE, floor);
    }

    private static void expected(List<Finding> findings, StatementPlans current, PlanExpectations declared) {
        for (String index : declared.usesIndexes()) {
            if (current.plans().stream().noneMatch(plan -> plan.indexes().contains(index))) {
                findings.add(new Finding(Finding.Kind.EXPECTATION_MISSED, "-", "@UsesIndex(\"" + index
                        + "\"): no statement's plan uses it; plans: " + shapes(current.plans())));
            }
        }
        for (StatementPlan plan : current.plans()) {
            for (String table : plan.seqScans()) {
                if (declared.noSeqScanAtAll() || declared.noSeqScanOn().contains(table)) {
                    findings.add(new Finding(Finding.Kind.EXPECTATION_MISSED, plan.statement(),
                            "@NoSeqScan: sequential scan on " + table + "; plan: " + String.join(" / ",
                                    trimmed(plan.shape()))));
                }
            }
        }
        if (current.statementsPerOp() > declared.maxStatementsPerOp()) {
            findings.add(new Finding(Finding.Kind.EXPECTATION_MISSED, "-", "@MaxStatements("
                    + declared.maxStatementsPerOp() + "): one call executed " + current.statementsPerOp()
                    + " statements: " + current.plans().stream()
                            .map(plan -> plan.executionsPerOp() + " x " + plan.statement())
                            .collect(Collectors.joining("; "))));
        }
    }

    private static String shapes(List<StatementPlan> plans) {
        return plans.stream().map(plan -> String.join(" / ", trimmed(plan.shape()))).collect(Collectors.joining("; "));
    }

    private static List<String> trimmed(List<String> shape) {
        return shape.stream().map(String::strip).toList();
    }

    /** Baseline and current plan in two columns, so the changed node stands out. */
    /**
     * The first node that differs, as one line that leads a failure: {@code Index Scan using
     * orders_customer on orders became Seq Scan on orders}.
     */
    static String firstChange(List<String> before, List<String> after) {
        for (int i = 0; i < Math.max(before.size(), after.size()); i++) {
            final String left = i < before.size() ? before.get(i).strip() : "";
            final String right = i < after.size() ? after.get(i).strip() : "";
            if (!left.equals(right)) {
                return left.isEmpty() ? right + " added" : right.isEmpty() ? left + " gone" : left + " became " + right;
            }
        }
        return "the same nodes";
    }

    static String sideBySide(List<String> before, List<String> after) {
        final int width = Math.max("baseline".length(), before.stream().mapToInt(String::length).max().orElse(0));
        final StringBuilder text = new StringBuilder(String.format("    %-" + width + "s | %s\n", "baseline", "current"));
        for (int i = 0; i < Math.max(before.size(), after.size()); i++) {
            final String left = i < before.size() ? before.get(i) : "";
            final String right = i < after.size() ? after.get(i) : "";
            text.append(String.format("    %-" + width + "s %s %s\n", left, left.equals(right) ? "|" : "≠", right));
        }
        return text.toString().stripTrailing();
    }
}
