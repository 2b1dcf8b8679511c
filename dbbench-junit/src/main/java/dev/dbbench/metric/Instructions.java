package dev.dbbench.metric;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SortedMap;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.text.Figures;
import dev.dbbench.text.SqlText;
import dev.dbbench.verdict.Verdict;

/**
 * The CPU instructions the server spends on one call of the body, counted under valgrind's callgrind
 * on a copy of the class's database (PostgreSQL): in all and statement by statement. Counts of an
 * unchanged benchmark agree to a few instructions on any machine, so a rise beyond
 * {@code dbbench.tolerance.instructions-percent} fails on the first run, naming the statement that
 * moved. Counts from another valgrind or PostgreSQL build are another program's and are only shown.
 * Stored as {@code "instructions": {perOp, statements, warmups, calls, counter, profile}}; when a count
 * moves, the message names the server functions whose instructions moved most between the baseline's
 * profile and this run's, and the report shows them in a table per statement.
 */
public final class Instructions extends ExactMetric<InstructionCounts> {

    /**
     * Instructions a count may gain before the tolerance counts at all: what is left of a marker's own
     * cost after it is subtracted differs by a few instructions between sessions, which in a segment
     * of no work (the body's code between two statements) is a large share of nothing.
     */
    public static final long MIN_INSTRUCTIONS = 1_000;

    /** The key of the profile in a stored value; left out when the counts have none. */
    static final String PROFILE = "profile";

    /** Functions a message names per statement, by self and by inclusive instructions. */
    static final int NAMED = 5;

    /** Rows of a statement's table of functions in the report. */
    static final int ROWS = 30;

    Instructions() {
    }

    @Override
    public String id() {
        return "instructions";
    }

    @Override
    public JsonNode write(InstructionCounts value) {
        final ObjectNode json = countsOnly(value);
        if (!value.profile().isEmpty()) {
            json.set(PROFILE, value.profile().json());
        }
        return json;
    }

    /** The stored value without its profile: what {@code results.json} shows, where the tables say what moved. */
    private static ObjectNode countsOnly(InstructionCounts value) {
        return (ObjectNode) MetricJson.tree(new Stored(value.perOp(), value.statements(), value.warmups(),
                value.calls(), value.counter()));
    }

    @Override
    public InstructionCounts read(JsonNode json) {
        final ObjectNode counts = json.isObject() ? ((ObjectNode) json).deepCopy() : null;
        final JsonNode profile = counts == null ? null : counts.remove(PROFILE);
        final Stored stored = MetricJson.read(counts == null ? json : counts, Stored.class);
        if (stored.perOp() < 0 || stored.calls() < 1 || stored.warmups() < 0
                || stored.statements().values().stream().anyMatch(count -> count < 0)) {
            throw new InvalidValueException("counts must be zero or more, from at least one counted call");
        }
        return new InstructionCounts(stored.perOp(), stored.statements(), stored.warmups(), stored.calls(),
                stored.counter(), profile == null ? InstructionProfile.NONE : InstructionProfile.read(profile));
    }

    /** The counts as stored, without the profile, which a baseline of an earlier version does not hold. */
    private record Stored(long perOp, SortedMap<String, Long> statements, int warmups, int calls, String counter) {
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
        final Map<String, Long> now = TrafficCounts.byRequest(current.statements(), EngineKind.POSTGRES);
        final Map<String, String> texts = new HashMap<>();
        current.statements().keySet().forEach(text -> texts.put(SqlText.normalized(text), text));
        TrafficCounts.byRequest(before.statements(), EngineKind.POSTGRES).forEach((statement, count) -> {
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
        final FindingsAssessment assessment = result.assessment();
        final FindingsAssessment explained = new FindingsAssessment(assessment.verdict(), assessment.reason(),
                assessment.findings().stream().map(finding -> explained(finding, result)).toList());
        return FindingsAssessment.message(explained, "INSTRUCTION", "callgrind counts of the server's work,"
                + " " + how(result.current()) + ", no statistics involved", subject);
    }

    /**
     * A finding with the functions whose instructions moved most in its statement appended, or why
     * they cannot be named; a finding about the whole call only where no statement's count moved.
     */
    private static Finding explained(Finding finding, MetricResult<InstructionCounts, FindingsAssessment> result) {
        if (result.baseline().isEmpty() || result.current().profile().isEmpty() || !explains(finding, result)) {
            return finding;
        }
        final InstructionProfile before = result.baseline().get().profile();
        if (before.isEmpty()) {
            return new Finding(finding.kind(), finding.subject(), finding.detail()
                    + "\nno profile in baseline; record it to see which functions moved");
        }
        final List<InstructionProfile.Change> changes = result.current().profile()
                .changes(before, statement(finding)).stream()
                .filter(change -> !change.function().equals(InstructionProfile.OTHER)).toList();
        final String self = changes.stream().filter(change -> Math.abs(change.self()) >= MIN_INSTRUCTIONS)
                .sorted(Comparator.comparingLong((InstructionProfile.Change change) -> -Math.abs(change.self())))
                .limit(NAMED).map(change -> change.function() + " " + Figures.change(change.self()))
                .collect(Collectors.joining(", "));
        return new Finding(finding.kind(), finding.subject(), finding.detail()
                + "\nfunctions, self: " + (self.isEmpty() ? "none moved by " + MIN_INSTRUCTIONS + " or more" : self)
                + "\nfunctions, inclusive: " + inclusive(changes));
    }

    /**
     * The functions whose inclusive instructions moved most. A change deep in the executor moves every
     * function above it by as much, so of functions that moved by the same amount (within 2 %) only the
     * one of fewest instructions, the deepest, is named, with how many more moved alike.
     */
    private static String inclusive(List<InstructionProfile.Change> changes) {
        final List<InstructionProfile.Change> sorted = changes.stream()
                .filter(change -> Math.abs(change.inclusive()) >= MIN_INSTRUCTIONS)
                .sorted(Comparator.comparingLong((InstructionProfile.Change change) -> -Math.abs(change.inclusive()))
                        .thenComparing(InstructionProfile.Change::function))
                .toList();
        final List<String> named = new ArrayList<>();
        int i = 0;
        while (i < sorted.size() && named.size() < NAMED) {
            final long amount = sorted.get(i).inclusive();
            int end = i;
            InstructionProfile.Change deepest = sorted.get(i);
            while (end < sorted.size() && Long.signum(sorted.get(end).inclusive()) == Long.signum(amount)
                    && Math.abs(sorted.get(end).inclusive() - amount) <= Math.abs(amount) * 0.02) {
                if (Math.max(sorted.get(end).inclusiveNow(), sorted.get(end).inclusiveBefore())
                        < Math.max(deepest.inclusiveNow(), deepest.inclusiveBefore())) {
                    deepest = sorted.get(end);
                }
                end++;
            }
            named.add(deepest.function() + " " + Figures.change(deepest.inclusive())
                    + (end - i > 1 ? " (" + (end - i - 1) + " more moved by as much, its callers among them)" : ""));
            i = end;
        }
        return named.isEmpty() ? "none moved by " + MIN_INSTRUCTIONS + " or more" : String.join(", ", named);
    }

    /** Whether the profile explains a finding: one per statement, the whole call's only when no statement moved. */
    private static boolean explains(Finding finding, MetricResult<InstructionCounts, FindingsAssessment> result) {
        return !finding.subject().equals("-") || result.assessment().findings().stream()
                .allMatch(other -> other.subject().equals("-"));
    }

    /** The statement of a finding as the profile looks it up: its normalized text, or {@code -} for the whole call. */
    private static String statement(Finding finding) {
        return finding.subject().equals("-") ? "-" : SqlText.normalized(finding.subject());
    }

    /**
     * For each statement whose count moved, its functions in the baseline and now, largest change first:
     * the differential profile of the server's work.
     */
    @Override
    public List<DetailTable> tables(MetricResult<InstructionCounts, FindingsAssessment> result, MetricResults all) {
        if (result.baseline().isEmpty() || result.baseline().get().profile().isEmpty()
                || result.current().profile().isEmpty()) {
            return List.of();
        }
        final InstructionProfile before = result.baseline().get().profile();
        final List<DetailTable> tables = new ArrayList<>();
        for (Finding finding : result.assessment().findings()) {
            if (!explains(finding, result)) {
                continue;
            }
            final List<List<String>> rows = new ArrayList<>();
            for (InstructionProfile.Change change : result.current().profile().changes(before, statement(finding))
                    .stream().limit(ROWS).toList()) {
                rows.add(List.of(change.function(), shown(change.selfBefore()), shown(change.selfNow()),
                        Figures.change(change.self()), shown(change.inclusiveBefore()), shown(change.inclusiveNow()),
                        Figures.change(change.inclusive())));
            }
            tables.add(new DetailTable("Server functions whose instructions moved in "
                    + (finding.subject().equals("-") ? "the call" : finding.subject())
                    + " (median per call, baseline and this run; - where a function was not among the kept ones)",
                    List.of("function", "self, baseline", "self, now", "self, change", "inclusive, baseline",
                            "inclusive, now", "inclusive, change"), rows));
        }
        return tables;
    }

    private static String shown(long count) {
        return count == 0 ? "-" : Figures.count(count);
    }

    private static String how(InstructionCounts counts) {
        return "median of " + counts.calls() + " call(s) after " + counts.warmups() + " warm-up(s), "
                + (counts.warmups() >= InstructionCounts.STEADY_WARMUPS ? "a steady state"
                        : "a heavy call, whose warm-up work is a small fraction of its own") + ", " + counts.counter();
    }

    @Override
    public JsonNode json(MetricResult<InstructionCounts, FindingsAssessment> result) {
        final ObjectNode json = MetricJson.NODES.objectNode();
        json.set("instructions", countsOnly(result.current()));
        json.set("baselineInstructions", result.baseline().map(counts -> (JsonNode) countsOnly(counts))
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
