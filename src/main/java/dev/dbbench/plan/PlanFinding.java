package dev.dbbench.plan;

/**
 * One deterministic finding about a benchmark's statements: a changed plan, more or less work, or a
 * declared expectation that does not hold.
 *
 * @param fails whether the finding fails the benchmark (improvements and notes do not)
 */
public record PlanFinding(Kind kind, String statement, String detail, boolean fails) {

    /** What was found. */
    public enum Kind {
        PLAN_CHANGED, MORE_WORK, LESS_WORK, EXPECTATION_MISSED
    }
}
