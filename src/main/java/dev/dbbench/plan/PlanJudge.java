package dev.dbbench.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Compares a benchmark's statement plans with its baseline's, and checks the plan expectations the
 * method declares. No statistics: plan shapes and buffer counts are exact, so one run decides.
 */
public final class PlanJudge {

    /** A counter must rise by more than this fraction, and by more than {@link #MIN_BLOCKS}, to fail. */
    static final double TOLERANCE = 0.2;
    static final long MIN_BLOCKS = 16;
    /** The same floor for on-disk sizes: sixteen 8 KiB pages. */
    static final long MIN_BYTES = MIN_BLOCKS * 8192;

    /** What a method declares must always hold, whatever the baseline says. */
    public record Expectations(List<String> usesIndexes, List<String> noSeqScanOn, boolean noSeqScanAtAll,
            int maxStatementsPerOp) {

        public static final int UNLIMITED = Integer.MAX_VALUE;

        public Expectations {
            usesIndexes = List.copyOf(usesIndexes);
            noSeqScanOn = List.copyOf(noSeqScanOn);
        }

        /** Whether the method declares any expectation at all. */
        public boolean declared() {
            return !usesIndexes.isEmpty() || !noSeqScanOn.isEmpty() || noSeqScanAtAll || maxStatementsPerOp != UNLIMITED;
        }
    }

    /**
     * Findings of the current capture against the baseline's plans and storage sizes, plus every
     * declared expectation that does not hold.
     */
    public List<PlanFinding> judge(PlanExplainer.Explained current, List<StatementPlan> baseline,
            List<RelationSize> baselineStorage, Expectations expectations) {
        final List<PlanFinding> findings = new ArrayList<>();
        final Map<String, StatementPlan> before = baseline.stream()
                .collect(Collectors.toMap(StatementPlan::statement, Function.identity(), (a, b) -> a));
        for (StatementPlan plan : current.plans()) {
            final StatementPlan old = before.get(plan.statement());
            if (old == null) {
                continue;
            }
            if (!old.shape().equals(plan.shape())) {
                findings.add(new PlanFinding(PlanFinding.Kind.PLAN_CHANGED, plan.statement(),
                        "plan changed:\n" + sideBySide(old.shape(), plan.shape()), true));
            }
            compare(findings, plan.statement(), "shared blocks", old.sharedBlocks(), plan.sharedBlocks());
            compare(findings, plan.statement(), "temp blocks", old.tempBlocks(), plan.tempBlocks());
            compare(findings, plan.statement(), "rows", old.rows(), plan.rows());
        }
        final Map<String, RelationSize> sizesBefore = baselineStorage.stream()
                .collect(Collectors.toMap(RelationSize::relation, Function.identity(), (a, b) -> a));
        for (RelationSize size : current.storage()) {
            final RelationSize old = sizesBefore.get(size.relation());
            if (old != null) {
                compare(findings, "table " + size.relation(), "total size in bytes", old.totalBytes(),
                        size.totalBytes(), MIN_BYTES);
            }
        }
        expected(findings, current, expectations);
        return findings;
    }

    private static void compare(List<PlanFinding> findings, String statement, String counter, long before,
            long after) {
        compare(findings, statement, counter, before, after, MIN_BLOCKS);
    }

    private static void compare(List<PlanFinding> findings, String statement, String counter, long before,
            long after, long floor) {
        if (after > before * (1 + TOLERANCE) && after - before > floor) {
            findings.add(new PlanFinding(PlanFinding.Kind.MORE_WORK, statement,
                    counter + " " + before + " -> " + after, true));
        } else if (before > after * (1 + TOLERANCE) && before - after > floor) {
            findings.add(new PlanFinding(PlanFinding.Kind.LESS_WORK, statement,
                    counter + " " + before + " -> " + after, false));
        }
    }

    private static void expected(List<PlanFinding> findings, PlanExplainer.Explained current,
            Expectations expectations) {
        for (String index : expectations.usesIndexes()) {
            if (current.plans().stream().noneMatch(plan -> plan.indexes().contains(index))) {
                findings.add(new PlanFinding(PlanFinding.Kind.EXPECTATION_MISSED, "-", "@UsesIndex(\"" + index
                        + "\"): no statement's plan uses it; plans: " + shapes(current.plans()), true));
            }
        }
        for (StatementPlan plan : current.plans()) {
            for (String table : plan.seqScans()) {
                if (expectations.noSeqScanAtAll() || expectations.noSeqScanOn().contains(table)) {
                    findings.add(new PlanFinding(PlanFinding.Kind.EXPECTATION_MISSED, plan.statement(),
                            "@NoSeqScan: sequential scan on " + table + "; plan: " + String.join(" / ",
                                    trimmed(plan.shape())), true));
                }
            }
        }
        if (current.statementsPerOp() > expectations.maxStatementsPerOp()) {
            findings.add(new PlanFinding(PlanFinding.Kind.EXPECTATION_MISSED, "-", "@MaxStatements("
                    + expectations.maxStatementsPerOp() + "): one call executed " + current.statementsPerOp()
                    + " statements: " + current.plans().stream()
                            .map(plan -> plan.executionsPerOp() + " x " + plan.statement())
                            .collect(Collectors.joining("; ")), true));
        }
    }

    private static String shapes(List<StatementPlan> plans) {
        return plans.stream().map(plan -> String.join(" / ", trimmed(plan.shape()))).collect(Collectors.joining("; "));
    }

    private static List<String> trimmed(List<String> shape) {
        return shape.stream().map(String::strip).toList();
    }

    /** Baseline and current plan in two columns, so the changed node stands out. */
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
