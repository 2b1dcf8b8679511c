package dev.dbbench.engine;

import java.sql.Connection;
import java.util.List;

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

    /** The instructions of one statement of one call. */
    record Segment(String statement, long instructions) {
    }
}
