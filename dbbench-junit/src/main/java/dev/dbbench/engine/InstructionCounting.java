package dev.dbbench.engine;

import java.sql.Connection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import javax.sql.DataSource;

/**
 * Counts the CPU instructions a PostgreSQL server spends on a benchmark's calls, under valgrind's
 * callgrind, on a copy of the class's database: exact counts, the same on a fast machine and a slow one.
 */
public interface InstructionCounting {

    /** One counted call: the body, given the connection whose server work is counted. */
    @FunctionalInterface
    interface CountedCall {
        void run(Connection counted) throws Throwable;
    }

    /** Connections to the counting copy of the class's database, for hooks; their work is not counted. */
    DataSource dataSource();

    /** What counted the instructions: the valgrind and PostgreSQL builds, whose counts alone compare. */
    String counter();

    /**
     * The counting copy's server process; its workers are its descendants. Its counts do not depend on
     * time, so it may be stopped and continued at any moment, during a call too.
     */
    ProcessHandle server();

    /** How many warm-up and counted calls a count takes, decided from the first call's instructions. */
    @FunctionalInterface
    interface Planner {
        /** @return the warm-up calls (the first call among them) and the counted calls after them */
        int[] plan(long firstCallInstructions);
    }

    /**
     * Counts calls on one connection: the first call, then as many more as the planner asks for; the
     * last of them are the counted ones.
     *
     * @return the instructions of each counted call, statement by statement
     */
    InstructionCount count(CountedCall call, Planner planner) throws Throwable;

    /**
     * The instructions of counted calls.
     *
     * @param warmups the calls before the counted ones, the first call among them
     * @param calls for each counted call its segments in order: the work before its first statement
     *     (named {@link #BEFORE_STATEMENTS}), then each statement or batch it executed
     */
    record InstructionCount(int warmups, List<List<Segment>> calls) {

        /** The name of the work of a call before its first statement, such as COPY through the driver's API. */
        public static final String BEFORE_STATEMENTS = "(outside statements)";

        public InstructionCount {
            calls = calls.stream().map(List::copyOf).toList();
        }
    }

    /**
     * The instructions of one statement of one call, in all and by the server function that spent them.
     *
     * @param functions each function's instructions in the segment, by name; empty where the counter
     *     read none
     */
    record Segment(String statement, long instructions, Map<String, FunctionCost> functions) {

        public Segment {
            functions = Map.copyOf(functions);
        }

        /** A segment whose instructions were not read function by function. */
        public Segment(String statement, long instructions) {
            this(statement, instructions, Map.of());
        }
    }

    /**
     * The instructions one server function spent in a segment: its own (self), and with those of the
     * functions it called (inclusive).
     */
    record FunctionCost(long self, long inclusive) {

        /** No instructions: a function's cost where it did not run. */
        public static final FunctionCost NONE = new FunctionCost(0, 0);

        public FunctionCost plus(FunctionCost other) {
            return new FunctionCost(self + other.self, inclusive + other.inclusive);
        }

        /**
         * Each function's median over several segments of the same work, a function missing from a
         * segment counting zero there.
         */
        public static Map<String, FunctionCost> median(List<Map<String, FunctionCost>> segments) {
            final Map<String, FunctionCost> median = new HashMap<>();
            segments.forEach(segment -> segment.keySet().forEach(name -> median.put(name, NONE)));
            median.replaceAll((name, none) -> new FunctionCost(
                    middle(segments.stream().mapToLong(segment -> segment.getOrDefault(name, NONE).self)),
                    middle(segments.stream().mapToLong(segment -> segment.getOrDefault(name, NONE).inclusive))));
            return median;
        }

        private static long middle(LongStream values) {
            final long[] sorted = values.sorted().toArray();
            return sorted[sorted.length / 2];
        }
    }
}
