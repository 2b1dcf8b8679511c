package dev.dbbench.verdict;

import java.util.List;
import java.util.Locale;

import dev.dbbench.stats.Summary;
import dev.dbbench.text.Figures;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * How far from its baseline an unchanged run of a benchmark may land, predicted from the spread of
 * the baseline's recorded runs. A timing change counts only beyond both this fence and the
 * benchmark's threshold, so a benchmark whose runs spread widely gets a wide fence, and says so.
 *
 * <p>The fence is a one-sided prediction bound for the median of one more run on the log scale, made
 * robust so that a handful of runs gives a bounded and honest fence. With the log medians
 * {@code x_1..x_N} of the recorded runs taken relative to the pooled baseline median:
 * <ul>
 *   <li>the centre {@code c} is their median and their spread {@code r} is 1.4826 times their median
 *       absolute deviation from it, so one outlying run moves neither;</li>
 *   <li>the spread the fence uses is shrunk toward a documented prior spread {@link #PRIOR_SPREAD},
 *       weighted as {@link #PRIOR_WEIGHT} degrees of freedom:
 *       {@code s^2 = (w * p^2 + (N - 1) * r^2) / (w + N - 1)}, so three runs that happen to agree do
 *       not claim a spread of nothing, and three runs that disagree do not open the fence to 10,000x
 *       as Student's t with two degrees of freedom would;</li>
 *   <li>the upper fence is {@code exp(c + t(1 - level, w + N - 1) * s * sqrt(1 + 1/N))}, the lower one
 *       its mirror, and neither lies inside the recorded runs: the fence reaches at least the slowest
 *       and the fastest run's ratio, since an unchanged run has landed there.</li>
 * </ul>
 * Run medians, not samples, carry the spread that matters: samples of one run share one moment of
 * the machine, while the next run will be taken at another one (see docs/time-verdicts.md, "Fences").
 *
 * @param runs how many recorded runs the fence rests on; below 2 there is no fence
 * @param spread the runs' own robust spread: 1.4826 times the median absolute deviation of their log
 *     medians, about their relative spread (before the prior)
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

    /**
     * The spread between runs assumed before any are seen, as a standard deviation of log medians:
     * the median robust spread of the example suite's 48 benchmarks over ten runs, each from a fresh
     * JVM and server on one machine (docs/time-verdicts.md, "Fences").
     */
    public static final double PRIOR_SPREAD = 0.10;

    /** How many degrees of freedom the prior spread weighs, as if {@code PRIOR_WEIGHT + 1} runs had shown it. */
    public static final int PRIOR_WEIGHT = 4;

    /** 1.4826 times the median absolute deviation estimates the standard deviation of a normal sample. */
    private static final double MAD_TO_SD = 1.4826;

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
        final Summary summary = Summary.of(logs);
        final double centre = summary.median();
        final double spread = MAD_TO_SD * summary.mad();
        final int n = runs.size();
        final double shrunk = Math.sqrt((PRIOR_WEIGHT * PRIOR_SPREAD * PRIOR_SPREAD + (n - 1) * spread * spread)
                / (PRIOR_WEIGHT + n - 1));
        final double reach = factor(n, level) * shrunk;
        return new Fence(n, spread, Math.exp(Math.max(centre + reach, summary.max())),
                Math.exp(Math.min(centre - reach, summary.min())), level, normalized);
    }

    /**
     * How many (shrunk) standard deviations of the runs' log medians the fence lies from their centre:
     * Student's t with the prior's degrees of freedom added to the runs', times {@code sqrt(1 + 1/N)}.
     */
    public static double factor(int runs, double level) {
        return TDistribution.of(PRIOR_WEIGHT + runs - 1).inverseSurvivalProbability(level)
                * Math.sqrt(1 + 1.0 / runs);
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
