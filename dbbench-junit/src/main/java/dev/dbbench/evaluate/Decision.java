package dev.dbbench.evaluate;

/** What one finding does to the build: fail the benchmark, warn, or neither. */
public record Decision(boolean fails, boolean warns) {

    public static final Decision NONE = new Decision(false, false);
    public static final Decision FAIL = new Decision(true, false);
    public static final Decision WARN = new Decision(false, true);
}
