package dev.dbbench.evaluate;

/**
 * What one finding does to the build: fail the benchmark, warn, inform, or nothing.
 *
 * @param informs shown as information, neither failing nor warning: a timing change that cannot
 *     fail here and that the work counts say is not the code's (see {@link TimingAuthority})
 */
public record Decision(boolean fails, boolean warns, boolean informs) {

    public static final Decision NONE = new Decision(false, false, false);
    public static final Decision FAIL = new Decision(true, false, false);
    public static final Decision WARN = new Decision(false, true, false);
    public static final Decision INFORM = new Decision(false, false, true);

    public Decision {
        if ((fails ? 1 : 0) + (warns ? 1 : 0) + (informs ? 1 : 0) > 1) {
            throw new IllegalArgumentException("a decision fails, warns or informs, one at most");
        }
    }

    /** A decision that fails, warns or does nothing. */
    public Decision(boolean fails, boolean warns) {
        this(fails, warns, false);
    }
}
