package dev.dbbench.verdict;

import java.util.Optional;

import dev.dbbench.stats.Comparison;

/**
 * The verdict on one relative expectation with the numbers behind it.
 *
 * @param speedup the other side's median over this side's: how many times faster this side is
 * @param comparison the statistics of the other side's samples against this side's
 * @param factor the speed-up required
 * @param firstPass for a re-run of a miss, the first pass
 */
public record ExpectationJudgement(
        ExpectationVerdict verdict,
        double speedup,
        Comparison comparison,
        double factor,
        double thisMedian,
        double otherMedian,
        String reason,
        Optional<ExpectationJudgement> firstPass) {
}
