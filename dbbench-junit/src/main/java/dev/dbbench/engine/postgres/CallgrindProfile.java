package dev.dbbench.engine.postgres;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import dev.dbbench.engine.InstructionCounting.FunctionCost;

/**
 * The instructions of each server function in one callgrind dump: its own (self) and with those of
 * the functions it called (inclusive), read from the dump's {@code fn=}, {@code cfn=}, {@code calls=}
 * and cost lines.
 *
 * <p>What the format holds, as far as this reads it: {@code fn=} starts the block of a function;
 * a cost line in it is the function's own cost at a position, except right after a {@code calls=}
 * line, where it is the inclusive cost of the call to the function the last {@code cfn=} named. With
 * name compression (callgrind's default) a name appears once as {@code (id) name} and later as
 * {@code (id)}. A cost line starts with its positions (as many as the {@code positions:} header names,
 * each absolute, relative as {@code +n} or {@code -n}, or {@code *} for the same) and then one cost per
 * event of the {@code events:} header, missing ones zero. Inclusive is a function's own cost plus
 * its calls' costs, calls to itself left out; mutual recursion through another function counts twice,
 * as in callgrind's own annotations.
 *
 * <p>Functions are told apart by name only: a name in several objects is one function here, which
 * for PostgreSQL's backend (one executable, its names unique) loses nothing.
 */
final class CallgrindProfile {

    private static final String INSTRUCTIONS = "Ir";

    private static final Pattern RECURSION_LEVEL = Pattern.compile("'\\d+$");

    private CallgrindProfile() {
    }

    /**
     * Each function's instructions in a dump, by name, functions of one name in several objects
     * summed; functions that spent none of their own are left out.
     */
    static Map<String, FunctionCost> read(List<String> dump) {
        final Reader reader = new Reader();
        dump.forEach(reader::line);
        // A function that ran none of its own instructions while counting was on was entered before it
        // was switched on: one of the frames above the counted function (main, the postmaster's loop,
        // valgrind's "(below main)"), whose inclusive figure is all the counted work again.
        final Map<String, FunctionCost> functions = new HashMap<>();
        reader.costs.forEach((name, figures) -> {
            if (figures[0] > 0) {
                functions.put(name, new FunctionCost(figures[0], figures[1]));
            }
        });
        return functions;
    }

    /** What a dump's lines so far say: the layout of cost lines, the function and call they are in, the sums. */
    private static final class Reader {

        private final Map<String, String> names = new HashMap<>();
        /** Each function's self and inclusive instructions so far. */
        private final Map<String, long[]> costs = new HashMap<>();
        private int positions = 1;
        private int event;
        private String function;
        private String callee;
        private boolean callCost;

        void line(String line) {
            if (line.startsWith("positions:")) {
                positions = line.substring("positions:".length()).strip().split("\\s+").length;
            } else if (line.startsWith("events:")) {
                event = Arrays.asList(line.substring("events:".length()).strip().split("\\s+")).indexOf(INSTRUCTIONS);
                if (event < 0) {
                    throw new IllegalStateException("a callgrind dump without instruction counts (" + line + ")");
                }
            } else if (line.startsWith("fn=")) {
                function = name(line.substring(3), names);
                callee = function;
                callCost = false;
            } else if (line.startsWith("cfn=")) {
                callee = name(line.substring(4), names);
            } else if (line.startsWith("calls=")) {
                callCost = true;
            } else if (function != null && isCostLine(line)) {
                add(cost(line, positions, event));
            }
        }

        /** A cost line's instructions: the function's own, or after {@code calls=} its call's, a call to itself left out. */
        private void add(long instructions) {
            final long[] figures = costs.computeIfAbsent(function, name -> new long[2]);
            if (!callCost) {
                figures[0] += instructions;
                figures[1] += instructions;
            } else if (!callee.equals(function)) {
                figures[1] += instructions;
            }
            callCost = false;
        }
    }

    /**
     * A dump's functions less a marker's, function by function and never below zero; functions left
     * with nothing are dropped.
     */
    static Map<String, FunctionCost> less(Map<String, FunctionCost> dump, Map<String, FunctionCost> marker) {
        final Map<String, FunctionCost> rest = new HashMap<>();
        dump.forEach((name, cost) -> {
            final FunctionCost spent = marker.getOrDefault(name, FunctionCost.NONE);
            final FunctionCost left = new FunctionCost(Math.max(0, cost.self() - spent.self()),
                    Math.max(0, cost.inclusive() - spent.inclusive()));
            if (left.self() > 0 || left.inclusive() > 0) {
                rest.put(name, left);
            }
        });
        return rest;
    }

    /**
     * A function's name from {@code (id) name}, {@code (id)} of a name seen before, or a plain name;
     * the level callgrind appends to a recursive call ({@code qsort_tuple'2}) is dropped, so a
     * recursion counts as one function.
     */
    private static String name(String value, Map<String, String> names) {
        if (!value.startsWith("(")) {
            return RECURSION_LEVEL.matcher(value).replaceFirst("");
        }
        final int close = value.indexOf(')');
        final String id = value.substring(0, close + 1);
        final String name = RECURSION_LEVEL.matcher(value.substring(close + 1).strip()).replaceFirst("");
        if (name.isEmpty()) {
            // A name is defined before its id is used alone; a dump that breaks this still counts, by id.
            return names.getOrDefault(id, "function " + id);
        }
        names.put(id, name);
        return name;
    }

    private static boolean isCostLine(String line) {
        if (line.isEmpty()) {
            return false;
        }
        final char first = line.charAt(0);
        return Character.isDigit(first) || first == '+' || first == '-' || first == '*';
    }

    /** The instructions of a cost line: its value for the event after the positions, zero when left out. */
    private static long cost(String line, int positions, int event) {
        final String[] fields = line.strip().split("\\s+");
        final int at = positions + event;
        return at < fields.length ? Long.parseLong(fields[at]) : 0;
    }
}
