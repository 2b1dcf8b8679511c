package dev.dbbench.verdict;

import java.util.List;
import java.util.Optional;

import dev.dbbench.stats.Summary;

/**
 * The verdict on one benchmark with the numbers behind it.
 *
 * @param ratio current median over baseline median; NaN when there is no baseline
 * @param thresholdPercent the slowdown allowed before {@link Verdict#REGRESSION}
 */
public record Judgement(
        Verdict verdict,
        Summary current,
        Optional<Summary> baseline,
        double ratio,
        int thresholdPercent,
        List<EnvironmentChange> environmentChanges) {

    public Judgement {
        environmentChanges = List.copyOf(environmentChanges);
    }
}
