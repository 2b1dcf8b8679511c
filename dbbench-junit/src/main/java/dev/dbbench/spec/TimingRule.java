package dev.dbbench.spec;

import dev.dbbench.config.EnvironmentPolicy;

/**
 * The statistical rule a timing verdict follows.
 *
 * @param thresholdPercent the slowdown of the median tolerated before a regression
 * @param alpha the one-sided significance level of the Mann-Whitney U test; the ratio interval has
 *     coverage {@code 1 - 2 alpha}, so each of its bounds holds at level alpha
 * @param noiseFloorPercent how far the ratio interval must clear 1 for a change to count
 * @param maxRulerDriftPercent how far the machine-speed ruler may move before timings cannot be compared
 * @param normalize whether timing ratios are divided by the ruler ratio
 * @param environment whether timings are compared with a baseline from another engine or CPU
 */
public record TimingRule(double thresholdPercent, double alpha, double noiseFloorPercent, double maxRulerDriftPercent,
        boolean normalize, EnvironmentPolicy environment) {

    public TimingRule {
        if (!(thresholdPercent >= 0 && noiseFloorPercent >= 0 && maxRulerDriftPercent >= 0)) {
            throw new IllegalArgumentException("percentages must be >= 0: threshold " + thresholdPercent
                    + ", noise floor " + noiseFloorPercent + ", ruler drift " + maxRulerDriftPercent);
        }
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha must lie between 0 and 0.5 but was " + alpha);
        }
    }

    /** The two-sided coverage of the ratio interval. */
    public double confidence() {
        return 1 - 2 * alpha;
    }
}
