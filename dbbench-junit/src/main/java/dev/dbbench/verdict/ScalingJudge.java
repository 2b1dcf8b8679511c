package dev.dbbench.verdict;

import java.util.ArrayList;
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
 * only lowers the ratios, so it never makes a count fail a bound its variable part meets.
 */
public final class ScalingJudge {

    /** How far past the bound's own growth a count may grow. */
    public static final double MARGIN = 1.5;

    /**
     * One count per value of the parameter, smallest value first.
     *
     * @param slack how much a count may exceed its allowance by before it counts, for counts that
     *     differ by a few between identical calls
     */
    public record Count(String name, List<Long> perValue, long slack) {

        public Count {
            perValue = List.copyOf(perValue);
        }
    }

    private ScalingJudge() {
    }

    /**
     * @param values the parameter's values, smallest first, each at least 2
     * @param counts the counts measured at every value
     */
    public static ScalingJudgement judge(Growth atMost, String parameter, List<Long> values, List<Count> counts) {
        if (counts.isEmpty()) {
            return new ScalingJudgement(ScalingVerdict.UNJUDGED, atMost, parameter, values, List.of(),
                    "no count (server instructions, shared blocks) was measured at every value of " + parameter);
        }
        final List<CountGrowth> growths = counts.stream().map(count -> growth(count, values, atMost)).toList();
        final boolean met = growths.stream().allMatch(CountGrowth::within);
        return new ScalingJudgement(met ? ScalingVerdict.MET : ScalingVerdict.MISSED, atMost, parameter, values,
                growths, reason(met, atMost, parameter, values, growths));
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

    private static boolean within(Count count, List<Double> allowed) {
        final long first = count.perValue().get(0);
        for (int i = 1; i < allowed.size(); i++) {
            if (count.perValue().get(i) > first * allowed.get(i) + count.slack()) {
                return false;
            }
        }
        return true;
    }

    private static CountGrowth growth(Count count, List<Long> values, Growth atMost) {
        final List<Long> perValue = count.perValue();
        final long first = perValue.get(0);
        final List<Double> ratios = perValue.stream().map(value -> first == 0 ? Double.NaN : (double) value / first)
                .toList();
        Optional<Growth> fitted = Optional.empty();
        for (Growth candidate : Growth.values()) {
            if (fitted.isEmpty() && within(count, allowed(candidate, values))) {
                fitted = Optional.of(candidate);
            }
        }
        final int last = values.size() - 1;
        final double slope = Math.log(ratios.get(last)) / Math.log((double) values.get(last) / values.get(0));
        final double exponent = Double.isFinite(slope) ? slope : Double.NaN;
        final List<Double> allowed = allowed(atMost, values);
        return new CountGrowth(count.name(), perValue, ratios, allowed, fitted, exponent, within(count, allowed));
    }

    private static String reason(boolean met, Growth atMost, String parameter, List<Long> values,
            List<CountGrowth> growths) {
        final List<String> parts = new ArrayList<>();
        for (CountGrowth growth : growths) {
            if (met || !growth.within()) {
                final int at = met ? values.size() - 1 : worst(growth);
                parts.add(growth.name() + " " + Figures.ratio(growth.ratios().get(at)) + " from " + parameter + "="
                        + Figures.count(values.get(0)) + " to " + parameter + "=" + Figures.count(values.get(at))
                        + ", allowed " + Figures.ratio(growth.allowed().get(at)) + " (" + describe(growth) + ")");
            }
        }
        return (met ? "within " : "beyond ") + "at most " + name(atMost) + ": " + String.join("; ", parts);
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

    /** The fitted growth and exponent, such as {@code fits linear, ~ n^0.97}. */
    public static String describe(CountGrowth growth) {
        return growth.fitted().map(fitted -> "fits " + name(fitted)).orElse("faster than quadratic")
                + (Double.isNaN(growth.exponent()) ? "" : String.format(Locale.ROOT, ", ~ n^%.2f", growth.exponent()));
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
