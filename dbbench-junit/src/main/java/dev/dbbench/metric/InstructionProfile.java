package dev.dbbench.metric;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.engine.InstructionCounting;
import dev.dbbench.engine.InstructionCounting.FunctionCost;
import dev.dbbench.text.SqlText;

/**
 * Where one call's server instructions went, statement by statement: the PostgreSQL functions that
 * spent the most, each with its own instructions (self) and those with the functions it called
 * (inclusive). It explains a count that moved; it gates nothing by itself.
 *
 * <p>Each figure is the median over the counted calls, as the counts are; a marker's own functions
 * are taken out. Per statement it keeps the {@link #TOP} functions of most self instructions and the
 * {@link #TOP} of most inclusive ones, and the self instructions of all the others as one
 * {@link #OTHER} entry, so a baseline entry stays small and a diff shows one function per line.
 *
 * @param statements for each statement (as {@link InstructionCounts#statements()} names it) its kept
 *     functions by name; empty when the counts were taken without a profile
 */
public record InstructionProfile(SortedMap<String, SortedMap<String, FunctionCount>> statements) {

    /** Functions kept per statement by self instructions, and again by inclusive ones. */
    public static final int TOP = 20;

    /** The entry holding the self instructions of every function not kept (as self and as inclusive). */
    public static final String OTHER = "(other functions)";

    /** Counts taken without a profile, such as those of a baseline recorded before profiles were kept. */
    public static final InstructionProfile NONE = new InstructionProfile(new TreeMap<>());

    /** The instructions of one function in one statement: its own and with what it called. */
    public record FunctionCount(long self, long inclusive) {
    }

    /** How a function's instructions moved in one statement; a function not among the kept ones counts zero. */
    public record Change(String function, long selfBefore, long selfNow, long inclusiveBefore, long inclusiveNow) {

        public long self() {
            return selfNow - selfBefore;
        }

        public long inclusive() {
            return inclusiveNow - inclusiveBefore;
        }

        long largest() {
            return Math.max(Math.abs(self()), Math.abs(inclusive()));
        }
    }

    public InstructionProfile {
        final SortedMap<String, SortedMap<String, FunctionCount>> copy = new TreeMap<>();
        statements.forEach((statement, functions) ->
                copy.put(statement, Collections.unmodifiableSortedMap(new TreeMap<>(functions))));
        statements = Collections.unmodifiableSortedMap(copy);
    }

    /** Whether it holds no statement: the counts were taken without a profile. */
    public boolean isEmpty() {
        return statements.isEmpty();
    }

    /** The profile of counted calls: each function's median over the calls, then the kept functions. */
    static InstructionProfile of(InstructionCounting.InstructionCount count) {
        final List<Map<String, Map<String, FunctionCost>>> calls = new ArrayList<>();
        final Set<String> names = new TreeSet<>();
        for (List<InstructionCounting.Segment> call : count.calls()) {
            final Map<String, Map<String, FunctionCost>> summed = new HashMap<>();
            for (InstructionCounting.Segment segment : call) {
                segment.functions().forEach((name, cost) -> summed.computeIfAbsent(segment.statement(),
                        statement -> new HashMap<>()).merge(name, cost, FunctionCost::plus));
            }
            calls.add(summed);
            names.addAll(summed.keySet());
        }
        final SortedMap<String, SortedMap<String, FunctionCount>> statements = new TreeMap<>();
        for (String statement : names) {
            final Map<String, FunctionCost> functions = FunctionCost.median(calls.stream()
                    .map(call -> call.getOrDefault(statement, Map.of())).toList());
            // A segment of no work (the call's code between two statements) holds what is left of a marker.
            if (functions.values().stream().mapToLong(FunctionCost::self).sum() >= Instructions.MIN_INSTRUCTIONS) {
                statements.put(statement, kept(functions));
            }
        }
        return new InstructionProfile(statements);
    }

    /** The {@link #TOP} functions by self and by inclusive instructions, and the rest's self as {@link #OTHER}. */
    private static SortedMap<String, FunctionCount> kept(Map<String, FunctionCost> functions) {
        final Set<String> kept = new LinkedHashSet<>();
        functions.entrySet().stream().filter(entry -> entry.getValue().self() > 0)
                .sorted(Comparator.comparingLong((Map.Entry<String, FunctionCost> entry) -> -entry.getValue().self())
                        .thenComparing(Map.Entry::getKey))
                .limit(TOP).forEach(entry -> kept.add(entry.getKey()));
        functions.entrySet().stream().filter(entry -> entry.getValue().inclusive() > 0)
                .sorted(Comparator.comparingLong((Map.Entry<String, FunctionCost> entry) -> -entry.getValue().inclusive())
                        .thenComparing(Map.Entry::getKey))
                .limit(TOP).forEach(entry -> kept.add(entry.getKey()));
        final SortedMap<String, FunctionCount> profile = new TreeMap<>();
        long other = 0;
        for (Map.Entry<String, FunctionCost> function : functions.entrySet()) {
            if (kept.contains(function.getKey())) {
                profile.put(function.getKey(), new FunctionCount(function.getValue().self(),
                        function.getValue().inclusive()));
            } else {
                other += function.getValue().self();
            }
        }
        if (other > 0) {
            profile.put(OTHER, new FunctionCount(other, other));
        }
        return profile;
    }

    /**
     * How each function moved from a baseline's profile to this one in a statement (its normalized
     * text), or over the whole call for {@code -}: largest change first, unchanged functions left out.
     */
    public List<Change> changes(InstructionProfile baseline, String statement) {
        final Map<String, FunctionCount> before = baseline.functions(statement);
        final Map<String, FunctionCount> now = functions(statement);
        final Set<String> names = new TreeSet<>(before.keySet());
        names.addAll(now.keySet());
        final FunctionCount none = new FunctionCount(0, 0);
        final List<Change> changes = new ArrayList<>();
        for (String name : names) {
            final FunctionCount was = before.getOrDefault(name, none);
            final FunctionCount is = now.getOrDefault(name, none);
            if (!was.equals(is)) {
                changes.add(new Change(name, was.self(), is.self(), was.inclusive(), is.inclusive()));
            }
        }
        changes.sort(Comparator.comparingLong((Change change) -> -change.largest()).thenComparing(Change::function));
        return changes;
    }

    /** The functions of a statement by its normalized text, those of texts that differ in literals summed; all for {@code -}. */
    private Map<String, FunctionCount> functions(String statement) {
        final Map<String, FunctionCount> functions = new HashMap<>();
        this.statements.forEach((text, counts) -> {
            if (statement.equals("-") || SqlText.normalized(text).equals(statement)) {
                counts.forEach((name, count) -> functions.merge(name, count, (a, b) ->
                        new FunctionCount(a.self() + b.self(), a.inclusive() + b.inclusive())));
            }
        });
        return functions;
    }

    /** As stored: {@code {statement: {function: [self, inclusive]}}}, functions in name order, one per line. */
    JsonNode json() {
        final ObjectNode json = MetricJson.NODES.objectNode();
        statements.forEach((statement, functions) -> {
            final ObjectNode byName = json.putObject(statement);
            functions.forEach((name, count) -> byName.putArray(name).add(count.self()).add(count.inclusive()));
        });
        return json;
    }

    /** The stored form back; a value it never writes is an error naming where. */
    static InstructionProfile read(JsonNode json) {
        if (!json.isObject()) {
            throw new InvalidValueException("profile must be an object of statements");
        }
        final SortedMap<String, SortedMap<String, FunctionCount>> statements = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> entries = json.fields(); entries.hasNext();) {
            final Map.Entry<String, JsonNode> statement = entries.next();
            if (!statement.getValue().isObject()) {
                throw new InvalidValueException("profile." + statement.getKey() + " must be an object of functions");
            }
            final SortedMap<String, FunctionCount> functions = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> names = statement.getValue().fields(); names.hasNext();) {
                final Map.Entry<String, JsonNode> function = names.next();
                final JsonNode pair = function.getValue();
                if (!(pair instanceof ArrayNode) || pair.size() != 2 || !pair.get(0).canConvertToLong()
                        || !pair.get(1).canConvertToLong() || !pair.get(0).isIntegralNumber()
                        || !pair.get(1).isIntegralNumber() || pair.get(0).asLong() < 0 || pair.get(1).asLong() < 0) {
                    throw new InvalidValueException("profile." + statement.getKey() + "." + function.getKey()
                            + " must be [self, inclusive], two whole numbers of zero or more, but was " + pair);
                }
                functions.put(function.getKey(), new FunctionCount(pair.get(0).asLong(), pair.get(1).asLong()));
            }
            statements.put(statement.getKey(), functions);
        }
        return new InstructionProfile(statements);
    }
}
