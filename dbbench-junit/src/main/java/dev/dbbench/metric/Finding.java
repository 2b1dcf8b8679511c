package dev.dbbench.metric;

/**
 * One deterministic finding about a benchmark: a changed plan, more or less work than the baseline,
 * a declared expectation that does not hold, or work the counts do not see.
 *
 * @param subject what it is about: a statement, a table, or {@code -} for the benchmark as a whole
 * @param detail what changed, possibly on several lines
 */
public record Finding(Kind kind, String subject, String detail) {

    /** What was found, and whether it fails the benchmark. */
    public enum Kind {
        /** A plan's shape changed. */
        PLAN_CHANGED(true),
        /** A counter or size rose beyond its tolerance. */
        MORE_WORK(true),
        /** A counter or size fell beyond its tolerance: reported, never failed. */
        LESS_WORK(false),
        /** A declared expectation ({@code @UsesIndex}, {@code @NoSeqScan}, {@code @MaxStatements}) does not hold. */
        EXPECTATION_MISSED(true),
        /** Work the counts do not see (or no work at all), in CI: the counts could not catch a regression. */
        UNSEEN_WORK(true),
        /** The same, outside CI: a warning. */
        UNSEEN_WORK_WARNING(false);

        private final boolean fails;

        Kind(boolean fails) {
            this.fails = fails;
        }
    }

    /** Whether the finding fails the benchmark. */
    public boolean fails() {
        return kind.fails;
    }

    /** Whether accepting a change in update mode leaves the finding standing: only a missed declaration does. */
    public boolean holdsInUpdate() {
        return kind == Kind.EXPECTATION_MISSED || kind == Kind.UNSEEN_WORK || kind == Kind.UNSEEN_WORK_WARNING;
    }
}
