package dev.dbbench.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeSet;

import dev.dbbench.stats.Summary;

/**
 * Decides a benchmark's verdict from the ratio of its current median to its baseline median: beyond
 * {@code 1 + threshold} is a regression, below {@code 1 / (1 + threshold)} an improvement.
 */
public final class Judge {

    private final int thresholdPercent;

    public Judge(int thresholdPercent) {
        if (thresholdPercent < 0) {
            throw new IllegalArgumentException("thresholdPercent must be >= 0 but was " + thresholdPercent);
        }
        this.thresholdPercent = thresholdPercent;
    }

    /**
     * @param baseline the baseline's summary and environment, when there is one
     */
    public Judgement judge(Summary current, SortedMap<String, String> environment,
            Optional<Recorded> baseline) {
        if (baseline.isEmpty()) {
            return new Judgement(Verdict.NEW, current, Optional.empty(), Double.NaN, thresholdPercent, List.of());
        }
        final Recorded recorded = baseline.get();
        final double ratio = current.median() / recorded.summary().median();
        final double limit = 1 + thresholdPercent / 100.0;
        final Verdict verdict;
        if (ratio > limit) {
            verdict = Verdict.REGRESSION;
        } else if (ratio < 1 / limit) {
            verdict = Verdict.IMPROVEMENT;
        } else {
            verdict = Verdict.PASS;
        }
        return new Judgement(verdict, current, Optional.of(recorded.summary()), ratio, thresholdPercent,
                changes(recorded.environment(), environment));
    }

    /** What the baseline holds for the judge. */
    public record Recorded(Summary summary, SortedMap<String, String> environment) {
    }

    static List<EnvironmentChange> changes(Map<String, String> baseline, Map<String, String> current) {
        final List<EnvironmentChange> changes = new ArrayList<>();
        final TreeSet<String> keys = new TreeSet<>(baseline.keySet());
        keys.addAll(current.keySet());
        for (String key : keys) {
            final String before = baseline.getOrDefault(key, "-");
            final String after = current.getOrDefault(key, "-");
            if (!before.equals(after)) {
                changes.add(new EnvironmentChange(key, before, after));
            }
        }
        return changes;
    }
}
