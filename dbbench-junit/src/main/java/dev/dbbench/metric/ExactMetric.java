package dev.dbbench.metric;

/**
 * What every deterministic metric shares: it gates exactly, its findings are a
 * {@link FindingsAssessment}, and the update mode accepts its changes but not a missed declaration.
 */
abstract class ExactMetric<V> implements Metric<V, FindingsAssessment> {

    @Override
    public final Gating gating() {
        return Gating.EXACT;
    }

    @Override
    public final FindingsAssessment accepted(FindingsAssessment assessment) {
        return assessment.accepted();
    }

    @Override
    public String toString() {
        return id();
    }
}
