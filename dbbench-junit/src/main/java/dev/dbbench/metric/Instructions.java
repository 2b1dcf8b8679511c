package dev.dbbench.metric;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.text.Figures;
import dev.dbbench.text.SqlText;
import dev.dbbench.verdict.Verdict;

/**
 * The CPU instructions the server spends on one call of the body, counted under valgrind's callgrind
 * on a copy of the class's database (PostgreSQL): in all and statement by statement. Counts of an
 * unchanged benchmark agree to a few instructions on any machine, so a rise beyond
 * {@code dbbench.tolerance.instructions-percent} fails on the first run, naming the statement that
 * moved. Counts from another valgrind or PostgreSQL build are another program's and are only shown.
 * Stored as {@code "instructions": {perOp, statements, warmups, calls, counter}}.
 */
public final class Instructions extends ExactMetric<InstructionCounts> {

    /**
     * Instructions a count may gain before the tolerance counts at all: what is left of a marker's own
     * cost after it is subtracted differs by a few instructions between sessions, which in a segment
     * of no work (the body's code between two statements) is a large share of nothing.
     */
    public static final long MIN_INSTRUCTIONS = 1_000;

    Instructions() {
    }

    @Override
    public String id() {
        return "instructions";
    }

    @Override
    public JsonNode write(InstructionCounts value) {
        return MetricJson.tree(value);
    }

    @Override
    public InstructionCounts read(JsonNode json) {
        final InstructionCounts counts = MetricJson.read(json, InstructionCounts.class);
        if (counts.perOp() < 0 || counts.calls() < 1 || counts.warmups() < 0
                || counts.statements().values().stream().anyMatch(count -> count < 0)) {
            throw new InvalidValueException("counts must be zero or more, from at least one counted call");
        }
        return counts;
    }

    @Override
    public FindingsAssessment assess(InstructionCounts current, Optional<InstructionCounts> baseline,
            Judging context) {
        if (baseline.isEmpty()) {
            return FindingsAssessment.of(List.of(), false);
        }
        final InstructionCounts before = baseline.get();
        if (!before.counter().equals(current.counter())) {
            return new FindingsAssessment(Verdict.INCONCLUSIVE, "counted by another build (baseline: "
                    + before.counter() + "; now: " + current.counter() + "), so not compared", List.of());
        }
        final double tolerance = context.tolerances().instructionsPercent() / 100;
        final List<Finding> findings = new ArrayList<>();
        Counts.compare(findings, "-", "instructions per call", before.perOp(), current.perOp(), tolerance,
                MIN_INSTRUCTIONS);
        final Map<String, Long> now = TrafficCounts.byStatement(current.statements());
        final Map<String, String> texts = new HashMap<>();
        current.statements().keySet().forEach(text -> texts.put(SqlText.normalized(text), text));
        TrafficCounts.byStatement(before.statements()).forEach((statement, count) -> {
            if (now.containsKey(statement)) {
                Counts.compare(findings, texts.get(statement), "instructions per call", count, now.get(statement),
                        tolerance, MIN_INSTRUCTIONS);
            }
        });
        return FindingsAssessment.of(findings, true);
    }

    @Override
    public List<String> columns() {
        return List.of("instructions");
    }

    @Override
    public List<String> cells(MetricResult<InstructionCounts, FindingsAssessment> result, MetricResults all) {
        return List.of(Figures.count(result.current().perOp()) + result.baseline()
                .map(before -> " (" + Figures.ratio((double) result.current().perOp() / before.perOp()) + ")")
                .orElse(""));
    }

    @Override
    public Optional<String> summary(MetricResult<InstructionCounts, FindingsAssessment> result, MetricResults all) {
        return Optional.of("server " + Figures.count(result.current().perOp()) + " instructions/op"
                + result.baseline().map(before -> " (baseline " + Figures.count(before.perOp()) + ")").orElse(""));
    }

    @Override
    public Optional<ContextLine> context(MetricResult<InstructionCounts, FindingsAssessment> result,
            MetricResults all) {
        return Optional.of(new ContextLine("instructions", result.baseline()
                .map(before -> Figures.count(before.perOp()) + " -> ").orElse("")
                + Figures.count(result.current().perOp()) + " per call on the server (" + how(result.current())
                + ")"));
    }

    @Override
    public Optional<MetricMessage> message(MetricResult<InstructionCounts, FindingsAssessment> result, MetricResults all,
            Subject subject) {
        return FindingsAssessment.message(result.assessment(), "INSTRUCTION", "callgrind counts of the server's work,"
                + " " + how(result.current()) + ", no statistics involved", subject);
    }

    private static String how(InstructionCounts counts) {
        return "median of " + counts.calls() + " call(s) after " + counts.warmups() + " warm-up(s), "
                + (counts.warmups() >= InstructionCounts.STEADY_WARMUPS ? "a steady state"
                        : "a heavy call, whose warm-up work is a small fraction of its own") + ", " + counts.counter();
    }

    @Override
    public JsonNode json(MetricResult<InstructionCounts, FindingsAssessment> result) {
        final ObjectNode json = MetricJson.NODES.objectNode();
        json.set("instructions", MetricJson.tree(result.current()));
        json.set("baselineInstructions", result.baseline().map(MetricJson::tree)
                .orElse(MetricJson.NODES.nullNode()));
        json.set("instructionFindings", result.assessment().json());
        return json;
    }

    /** Server instructions per call of the body. */
    @Override
    public List<Measure> measures(MetricResult<InstructionCounts, FindingsAssessment> result) {
        return List.of(Measure.exact("instructions", "instructions/op", result.current().perOp(),
                result.baseline().map(counts -> OptionalDouble.of(counts.perOp())).orElse(OptionalDouble.empty())));
    }
}
