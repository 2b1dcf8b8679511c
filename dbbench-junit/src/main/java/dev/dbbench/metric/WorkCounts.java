package dev.dbbench.metric;

import java.util.ArrayList;
import java.util.List;

import dev.dbbench.engine.CommandProfile;
import dev.dbbench.verdict.Verdict;

/**
 * What a benchmark's work counts say beside its timing: whether the instructions, statements, round
 * trips, bytes, allocations, plans and sizes it was compared on moved. The same code does the same
 * work on any machine at any load, so a time that moved while every count held moved on its own (the
 * machine, or a wait outside the server's work), and a time that moved with the counts moved with
 * the work.
 *
 * @param unchanged the counts compared with the baseline that did not move, as a reader names them
 * @param moved the counts that moved, each with its first change: {@code round trips per call 50 -> 51}
 * @param uncompared the counts this benchmark has but could not compare, each with why
 */
public record WorkCounts(List<String> unchanged, List<String> moved, List<String> uncompared) {

    /** Where the counts stand. */
    public enum State {
        /** Counts were compared and none moved. */
        UNCHANGED,
        /** At least one count moved. */
        MOVED,
        /** No count could be compared with the baseline. */
        UNCOMPARED
    }

    public WorkCounts {
        unchanged = List.copyOf(unchanged);
        moved = List.copyOf(moved);
        uncompared = List.copyOf(uncompared);
    }

    /**
     * The counts among a benchmark's judged metrics.
     *
     * @param requests what the engine's requests are called: {@code statements}, {@code commands}
     */
    public static WorkCounts of(MetricResults all, String requests) {
        final List<String> unchanged = new ArrayList<>();
        final List<String> moved = new ArrayList<>();
        final List<String> uncompared = new ArrayList<>();
        for (MetricResult<?, ?> result : all.all()) {
            if (result.metric().gating() != Gating.EXACT) {
                continue;
            }
            if (result.current() instanceof CommandProfile profile && !profile.profiled()) {
                uncompared.add("plans and documents examined (the server kept no profile: the emulator has none;"
                        + " a real server, in containers or your own, counts them)");
                continue;
            }
            final List<String> names = names(result.metric(), requests);
            final Verdict verdict = result.assessment().verdict();
            if (verdict == Verdict.NEW || verdict == Verdict.INCONCLUSIVE) {
                uncompared.add(join(names) + " (" + firstClause(result.assessment().reason()) + ")");
            } else if (result.assessment().findings().isEmpty()) {
                unchanged.addAll(names);
            } else {
                final Finding first = result.assessment().findings().get(0);
                moved.add(join(names) + " (" + first.detail().lines().findFirst().orElse(first.kind().name())
                        + (first.subject().equals("-") ? "" : " in " + first.subject()) + ")");
            }
        }
        return new WorkCounts(unchanged, moved, uncompared);
    }

    public State state() {
        return !moved.isEmpty() ? State.MOVED : unchanged.isEmpty() ? State.UNCOMPARED : State.UNCHANGED;
    }

    /** Whether the counts vouch that the work did not change: some were compared and none moved. */
    public boolean vouch() {
        return state() == State.UNCHANGED;
    }

    /**
     * What the counts say, with what that means for a time that moved:
     * {@code instructions, statements, round trips, bytes and allocations unchanged: the time moved on
     * its own (this machine, or a wait outside the server's work)}.
     *
     * @param timeMoved whether the timing verdict saw a change (a regression, an improvement, or one
     *     it could not rule out)
     */
    public String sentence(boolean timeMoved) {
        final StringBuilder text = new StringBuilder();
        switch (state()) {
            case MOVED -> {
                text.append(join(moved)).append(" moved");
                if (!unchanged.isEmpty()) {
                    text.append("; ").append(join(unchanged)).append(" unchanged");
                }
                if (timeMoved) {
                    text.append(": the time may have moved with the work");
                }
            }
            case UNCHANGED -> {
                text.append(join(unchanged)).append(" unchanged");
                if (timeMoved) {
                    text.append(": the time moved on its own (this machine, or a wait outside the server's work)");
                }
            }
            case UNCOMPARED -> {
                text.append("no work counts compared with the baseline");
                if (timeMoved) {
                    text.append(": only the time says whether the work changed");
                }
            }
        }
        if (!uncompared.isEmpty()) {
            text.append(" (not compared: ").append(String.join("; ", uncompared)).append(')');
        }
        return text.toString();
    }

    /** {@code a, b and c}. */
    private static String join(List<String> names) {
        if (names.size() == 1) {
            return names.get(0);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    /** A reason up to its first parenthesis: {@code counted by another build}. */
    private static String firstClause(String reason) {
        final int parenthesis = reason.indexOf(" (");
        return parenthesis < 0 ? reason : reason.substring(0, parenthesis);
    }

    /** What a count metric's counts are called in a sentence about the work. */
    private static List<String> names(Metric<?, ?> metric, String requests) {
        if (metric == Metrics.TRAFFIC) {
            return List.of(requests, "round trips", "bytes");
        }
        if (metric == Metrics.STORAGE) {
            return List.of("sizes");
        }
        if (metric == Metrics.COMMAND_PLANS) {
            return List.of("plans", "documents examined");
        }
        return List.of(metric.id());
    }
}
