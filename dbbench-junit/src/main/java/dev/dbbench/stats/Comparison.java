package dev.dbbench.stats;

/**
 * How one set of samples compares with another: the ratio of their medians with a confidence
 * interval, and one-sided Mann-Whitney U p-values for "slower" and "faster".
 *
 * @param ratio current median over baseline median
 * @param ratioLow lower bound of the ratio's interval
 * @param ratioHigh upper bound of the ratio's interval
 * @param confidence two-sided coverage of the interval, such as 0.98
 * @param pSlower p-value of "current samples are larger than the baseline's"
 * @param pFaster p-value of "current samples are smaller than the baseline's"
 * @param smallestPValue the smallest p-value these sample counts can produce at all
 */
public record Comparison(
        double ratio,
        double ratioLow,
        double ratioHigh,
        double confidence,
        double pSlower,
        double pFaster,
        double smallestPValue) {
}
