package dev.dbbench.metric;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import dev.dbbench.engine.InstructionCounting;

/**
 * The server instructions one call of a body costs, counted under callgrind: the median over the
 * counted calls, in all and statement by statement, with how they were counted.
 *
 * @param perOp the median of the counted calls' totals
 * @param statements for each statement the median of its instructions per call, its executions summed
 * @param warmups the uncounted calls before the counted ones; from about ten on, pgjdbc's server-side
 *     statements and the planner's generic plans are in place and the counts are those of a steady state
 * @param calls the counted calls
 * @param counter the valgrind and PostgreSQL builds that counted; counts of other builds do not compare
 * @param profile where the instructions went, function by function; {@link InstructionProfile#NONE} in
 *     a baseline recorded before profiles were kept
 */
public record InstructionCounts(long perOp, SortedMap<String, Long> statements, int warmups, int calls,
        String counter, InstructionProfile profile) {

    /** Warm-up calls from which the counts are those of a steady state. */
    public static final int STEADY_WARMUPS = 10;

    /**
     * Instructions from which a call is heavy (some 20 ms of server CPU): its warm-up effects are a
     * fraction of a percent of its work, and callgrind slows it some forty times, so it is counted
     * once, after its first call.
     */
    public static final long HEAVY = 20_000_000;

    public InstructionCounts {
        statements = Collections.unmodifiableSortedMap(new TreeMap<>(statements));
    }

    /** Counts without a profile. */
    public InstructionCounts(long perOp, SortedMap<String, Long> statements, int warmups, int calls, String counter) {
        this(perOp, statements, warmups, calls, counter, InstructionProfile.NONE);
    }

    /** The medians of counted calls, and where their instructions went. */
    public static InstructionCounts of(InstructionCounting.InstructionCount count, String counter) {
        final List<SortedMap<String, Long>> calls = new ArrayList<>();
        final SortedSet<String> names = new TreeSet<>();
        for (List<InstructionCounting.Segment> call : count.calls()) {
            final SortedMap<String, Long> summed = new TreeMap<>();
            call.forEach(segment -> summed.merge(segment.statement(), segment.instructions(), Long::sum));
            calls.add(summed);
            names.addAll(summed.keySet());
        }
        final SortedMap<String, Long> statements = new TreeMap<>();
        for (String name : names) {
            statements.put(name, median(calls.stream().map(call -> call.getOrDefault(name, 0L)).toList()));
        }
        return new InstructionCounts(median(calls.stream()
                .map(call -> call.values().stream().mapToLong(Long::longValue).sum()).toList()),
                statements, count.warmups(), calls.size(), counter, InstructionProfile.of(count));
    }

    private static long median(List<Long> values) {
        final List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
