package dev.dbbench.verdict;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.dbbench.api.Growth;
import dev.dbbench.text.Figures;

/**
 * Decides whether counts grew with a parameter {@code n} no faster than a bound {@code g}: each
 * value's count, over the smallest value's, may be at most {@code g(n) / g(n₁)} times a margin of
 * {@link #MARGIN} (plus a count's slack, for counts that differ by a few between calls). Counts of
 * the same work are the same on every machine, so no statistics are involved; the margin is for the
 * steps real structures grow in, such as a B-tree gaining a level at once. A fixed cost per call
 * only lowers the ratios, so it never makes a count fail a bound its variable part meets. Each
 * statement's executions per call are judged too, against the bound on statements, so that a
 * statement run once per item (an N+1) is named even among statements that do not grow. How each
 * count grew is reported whether it met its bound or not, as a {@link GrowthFit}.
 */
public final class ScalingJudge {

    /** How far past the bound's own growth a count may grow. */
    public static final double MARGIN = 1.5;

    /**
     * One count per value of the parameter, smallest value first.
     *
     * @param slack how much a count may exceed its allowance by before it counts, for counts that
     *     differ by a few between identical calls
     * @param bound the growth allowed for this count; empty for the expectation's {@code atMost}
     */
    public record Count(String name, List<Long> perValue, long slack, Optional<Growth> bound) {

        public Count {
            perValue = List.copyOf(perValue);
        }

        /** A count bounded by the expectation's {@code atMost}. */
        public Count(String name, List<Long> perValue, long slack) {
            this(name, perValue, slack, Optional.empty());
        }
    }

    /**
     * A figure per value of the parameter that informs but is not judged, smallest value first.
     *
     * @param duration whether the values are nanoseconds (else whole counts)
     */
    public record Series(String name, List<Double> perValue, boolean duration) {

        public Series {
            perValue = List.copyOf(perValue);
        }
    }

    /** One statement's executions per call at each value of the parameter, smallest value first. */
    public record Statement(String text, List<Long> perValue) {

        public Statement {
            perValue = List.copyOf(perValue);
        }
    }

    private ScalingJudge() {
    }

    /**
     * Judges counts against one bound, with nothing else to report.
     *
     * @param values the parameter's values, smallest first, each at least 2
     * @param counts the counts measured at every value
     */
    public static ScalingJudgement judge(Growth atMost, String parameter, List<Long> values, List<Count> counts) {
        return judge(atMost, atMost, parameter, values, counts, List.of(), List.of());
    }

    /**
     * @param statementsAtMost the growth allowed for each statement's executions per call
     * @param values the parameter's values, smallest first, each at least 2
     * @param counts the counts measured at every value
     * @param informing the figures measured at every value that inform without being judged
     * @param statements every statement a call ran at some value, with its executions at each
     */
    public static ScalingJudgement judge(Growth atMost, Growth statementsAtMost, String parameter, List<Long> values,
            List<Count> counts, List<Series> informing, List<Statement> statements) {
        final List<SeriesGrowth> informed = informing.stream().map(series -> new SeriesGrowth(series.name(),
                series.perValue(), series.duration(), GrowthFit.of(values, series.perValue(), !series.duration())))
                .toList();
        final List<StatementGrowth> growing = growing(statements, values, statementsAtMost);
        if (counts.isEmpty()) {
            return new ScalingJudgement(ScalingVerdict.UNJUDGED, atMost, statementsAtMost, parameter, values, List.of(),
                    informed, growing, "no count (server instructions, shared blocks, statements) was measured at"
                            + " every value of " + parameter);
        }
        final List<CountGrowth> growths = counts.stream()
                .map(count -> growth(count, values, count.bound().orElse(atMost))).toList();
        final boolean met = growths.stream().allMatch(CountGrowth::within)
                && growing.stream().allMatch(StatementGrowth::within);
        return new ScalingJudgement(met ? ScalingVerdict.MET : ScalingVerdict.MISSED, atMost, statementsAtMost,
                parameter, values, growths, informed, growing,
                reason(met, atMost, statementsAtMost, parameter, values, growths, growing));
    }

    /** The statements whose executions changed with the value, those beyond the bound first, then the most run. */
    private static List<StatementGrowth> growing(List<Statement> statements, List<Long> values, Growth bound) {
        final List<Double> allowed = allowed(bound, values);
        final List<StatementGrowth> growing = new ArrayList<>();
        for (Statement statement : statements) {
            if (statement.perValue().stream().distinct().count() > 1) {
                growing.add(new StatementGrowth(statement.text(), statement.perValue(),
                        GrowthFit.of(values, doubles(statement.perValue()), true),
                        within(statement.perValue(), 0, allowed)));
            }
        }
        growing.sort(Comparator.comparing(StatementGrowth::within).thenComparing(
                statement -> -statement.executions().get(statement.executions().size() - 1)));
        return growing;
    }

    /** {@code g(n)} of a growth; {@code n} is at least 2, so that {@code log n} is positive. */
    static double of(Growth growth, double n) {
        return switch (growth) {
            case CONSTANT -> 1;
            case LOGARITHMIC -> Math.log(n);
            case LINEAR -> n;
            case LINEARITHMIC -> n * Math.log(n);
            case QUADRATIC -> n * n;
        };
    }

    /** The largest ratio to the smallest value's count that a growth allows at each value. */
    private static List<Double> allowed(Growth growth, List<Long> values) {
        final List<Double> allowed = new ArrayList<>(List.of(1.0));
        for (int i = 1; i < values.size(); i++) {
            allowed.add(of(growth, values.get(i)) / of(growth, values.get(0)) * MARGIN);
        }
        return allowed;
    }

    private static boolean within(List<Long> counts, long slack, List<Double> allowed) {
        final long first = counts.get(0);
        for (int i = 1; i < allowed.size(); i++) {
            if (counts.get(i) > first * allowed.get(i) + slack) {
                return false;
            }
        }
        return true;
    }

    private static List<Double> doubles(List<Long> counts) {
        return counts.stream().map(Long::doubleValue).toList();
    }

    private static CountGrowth growth(Count count, List<Long> values, Growth bound) {
        final List<Long> perValue = count.perValue();
        final long first = perValue.get(0);
        final List<Double> ratios = perValue.stream().map(value -> first == 0 ? Double.NaN : (double) value / first)
                .toList();
        final List<Double> allowed = allowed(bound, values);
        return new CountGrowth(count.name(), perValue, ratios, bound, allowed,
                GrowthFit.of(values, doubles(perValue), true), within(perValue, count.slack(), allowed));
    }

    private static String reason(boolean met, Growth atMost, Growth statementsAtMost, String parameter,
            List<Long> values, List<CountGrowth> growths, List<StatementGrowth> statements) {
        final List<String> parts = new ArrayList<>();
        for (CountGrowth growth : growths) {
            if (met || !growth.within()) {
                final int at = met ? values.size() - 1 : worst(growth);
                parts.add(growth.name() + " " + Figures.ratio(growth.ratios().get(at)) + " from " + parameter + "="
                        + Figures.count(values.get(0)) + " to " + parameter + "=" + Figures.count(values.get(at))
                        + ", allowed " + Figures.ratio(growth.allowed().get(at))
                        + (growth.bound() == atMost ? "" : " (at most " + name(growth.bound()) + ")")
                        + " (fits " + growth.fit().describe() + ")");
            }
        }
        statements.stream().filter(statement -> !statement.within()).forEach(statement -> parts.add(
                beyond(statement, statementsAtMost, parameter, values)));
        return (met ? "within " : "beyond ") + "at most " + name(atMost) + ": " + String.join("; ", parts);
    }

    /**
     * A statement whose executions grew beyond the bound, as a message names it: {@code statement
     * SELECT ... ran 1x at topics=10, 10x at topics=100 (fits linear, ~ n^1.00, R² 1.00), allowed at
     * most constant: once per item, an N+1}.
     */
    public static String beyond(StatementGrowth statement, Growth bound, String parameter, List<Long> values) {
        return "statement " + oneLine(statement.statement()) + " ran "
                + executions(statement, parameter, values) + " (fits " + statement.fit().describe()
                + "), allowed at most " + name(bound)
                + (statement.fit().growth().compareTo(Growth.LINEAR) >= 0 ? ": run once per item, an N+1" : "");
    }

    /** A statement's text on one line, as messages quote it. */
    public static String oneLine(String statement) {
        return statement.strip().replaceAll("\\s+", " ");
    }

    /** {@code 1x at topics=10, 10x at topics=100, 100x at topics=1,000}. */
    public static String executions(StatementGrowth statement, String parameter, List<Long> values) {
        final List<String> parts = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            parts.add(Figures.count(statement.executions().get(i)) + "x at " + parameter + "="
                    + Figures.count(values.get(i)));
        }
        return String.join(", ", parts);
    }

    /** The value at which a count exceeds its allowance the most. */
    private static int worst(CountGrowth growth) {
        int worst = 1;
        for (int i = 1; i < growth.counts().size(); i++) {
            if (growth.ratios().get(i) / growth.allowed().get(i) > growth.ratios().get(worst) / growth.allowed()
                    .get(worst)) {
                worst = i;
            }
        }
        return worst;
    }

    /** The function of {@code n} a growth stands for, such as {@code log n}. */
    public static String formula(Growth growth) {
        return switch (growth) {
            case CONSTANT -> "1";
            case LOGARITHMIC -> "log n";
            case LINEAR -> "n";
            case LINEARITHMIC -> "n log n";
            case QUADRATIC -> "n^2";
        };
    }

    /** A growth as messages write it: {@code logarithmic}. */
    public static String name(Growth growth) {
        return growth.name().toLowerCase(Locale.ROOT);
    }
}
