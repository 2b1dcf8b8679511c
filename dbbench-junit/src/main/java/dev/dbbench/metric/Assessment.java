package dev.dbbench.metric;

import java.util.List;

import dev.dbbench.verdict.Verdict;

/** What judging one metric of one benchmark found. */
public interface Assessment {

    /**
     * The metric's verdict: {@link Verdict#NEW} without a baseline value to compare; for
     * {@link Gating#EXACT} metrics {@link Verdict#REGRESSION} when a finding fails.
     */
    Verdict verdict();

    /** One sentence on why the verdict is what it is. */
    String reason();

    /** The exact findings behind the verdict, for {@link Gating#EXACT} metrics; empty otherwise. */
    default List<Finding> findings() {
        return List.of();
    }
}
