package dev.dbbench.verdict;

import java.util.List;
import java.util.Locale;

import dev.dbbench.text.Figures;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * How far from its baseline an unchanged run of a benchmark may land, predicted from the spread of
 * the baseline's recorded runs. A timing change counts only beyond both this fence and the
 * benchmark's threshold, so a benchmark whose runs spread widely gets a wide fence, and says so.
 *
 * <p>The fence is a one-sided prediction bound for the median of one more run on the log scale:
 * with the log medians {@code x_1..x_N} of the recorded runs (mean {@code m}, standard deviation
 * {@code s}, both taken relative to the pooled baseline median), the upper fence is
 * {@code exp(m + t(1 - level, N - 1) * s * sqrt(1 + 1/N))} and the lower one its mirror. Student's
 * t makes few runs pay for how little they tell about the spread: with 5 runs and the default level
 * the fence lies 7.9 standard deviations out, with 10 runs 4.5, with 20 runs 3.7. Run medians, not
 * samples, carry the spread that matters: samples of one run share one moment of the machine, while
 * the next run will be taken at another one (see docs/verdict-evaluation.md, "Run-to-run fence").
 *
 * @param runs how many recorded runs the fence rests on; below 2 there is no fence
 * @param spread standard deviation of the runs' log medians, about their relative spread
 * @param upper the slowest ratio to the baseline median an unchanged run is predicted to reach
 * @param lower the fastest ratio likewise
 * @param level the one-sided probability of an unchanged run landing beyond either bound
 * @param normalized whether the runs' medians were divided by their own ruler slices first, as the
 *     ratio judged against the fence is
 */
public record Fence(int runs, double spread, double upper, double lower, double level, boolean normalized) {

    /**
     * The default one-sided level: at most one unchanged run in a thousand beyond the fence if run
     * medians are log-normal, for the false-failure target of 0.1 % per run (the harness's choice).
     */
    public static final double DEFAULT_LEVEL = 0.001;

    private static final double TOLERANCE = 1e-9;

    /** No fence: a baseline of one run (or of none) says nothing about the spread between runs. */
    public static Fence none(int runs) {
        return new Fence(runs, Double.NaN, Double.NaN, Double.NaN, DEFAULT_LEVEL, false);
    }

    /**
     * The fence of a baseline's runs.
     *
     * @param pooledMedian the median of all the baseline's samples, which ratios are taken against
     * @param pooledSlices the baseline's ruler slices, NaN when it has none
     * @param normalize whether the ratio judged against the fence is divided by the ruler; the
     *     runs are then judged on the same scale where every run has slices of its own
     */
    public static Fence of(List<RecordedRun> runs, double pooledMedian, double pooledSlices, boolean normalize,
            double level) {
        if (runs.size() < 2) {
            return none(runs.size());
        }
        final boolean normalized = normalize && pooledSlices > 0 && runs.stream().allMatch(RecordedRun::hasSlices);
        final double[] logs = new double[runs.size()];
        for (int i = 0; i < logs.length; i++) {
            final RecordedRun run = runs.get(i);
            logs[i] = normalized
                    ? Math.log(run.median() / run.slices()) - Math.log(pooledMedian / pooledSlices)
                    : Math.log(run.median() / pooledMedian);
        }
        double mean = 0;
        for (double log : logs) {
            mean += log / logs.length;
        }
        double squares = 0;
        for (double log : logs) {
            squares += (log - mean) * (log - mean);
        }
        final double sd = Math.sqrt(squares / (logs.length - 1));
        final double reach = factor(runs.size(), level) * sd;
        return new Fence(runs.size(), sd, Math.exp(mean + reach), Math.exp(mean - reach), level, normalized);
    }

    /** How many standard deviations of the runs' log medians the fence lies from their mean. */
    public static double factor(int runs, double level) {
        return TDistribution.of(runs - 1).inverseSurvivalProbability(level) * Math.sqrt(1 + 1.0 / runs);
    }

    /** Whether the baseline's runs give a fence at all. */
    public boolean applies() {
        return runs >= 2;
    }

    /** Whether a ratio lies above the upper fence; without a fence every ratio does. */
    public boolean beyondSlower(double ratio) {
        return !applies() || ratio > upper * (1 + TOLERANCE);
    }

    /** Whether a ratio lies below the lower fence; without a fence every ratio does. */
    public boolean beyondFaster(double ratio) {
        return !applies() || ratio < lower * (1 - TOLERANCE);
    }

    /** The spread and the fence, for reasons and reports: {@code 5 runs spread ±9.1%, fence 1.98x}. */
    public String describe() {
        if (!applies()) {
            return runs == 0 ? "no recorded runs" : "a single recorded run";
        }
        return runs + " runs spread ±" + Figures.percent(spread).replace("%", "") + "%"
                + (normalized ? " (divided by their ruler)" : "") + ", fence "
                + String.format(Locale.ROOT, "%s to %s", Figures.ratio(lower), Figures.ratio(upper));
    }
}
