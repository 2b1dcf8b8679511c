package dev.dbbench.metric;

import dev.dbbench.verdict.Judgement;
import dev.dbbench.verdict.Verdict;

/** What the statistical judge found about a benchmark's wall time. */
public record TimeAssessment(Judgement judgement) implements Assessment {

    @Override
    public Verdict verdict() {
        return judgement.verdict();
    }

    @Override
    public String reason() {
        return judgement.reason();
    }
}
