package dev.dbbench.evaluate;

/**
 * A metric the baseline entry holds but this run did not measure, with why and what the gate made of
 * it: one the run could not measure, such as server instructions on a machine without valgrind, or one
 * the configuration switched off ({@code dbbench.count.instructions=off}), which an update removes
 * from the entry.
 *
 * @param reason why it could not be measured, or the setting that switched it off
 * @param switchedOff whether the configuration switched it off, deliberately
 */
public record Unmeasured(String metric, String reason, Decision decision, boolean switchedOff) {

    /** A metric the run could not measure. */
    public Unmeasured(String metric, String reason, Decision decision) {
        this(metric, reason, decision, false);
    }

    /** The message a benchmark prints or fails with. */
    public String message(String benchmark) {
        final String head = "dbbench: " + metric + " NOT MEASURED for " + benchmark + ": the baseline holds " + metric;
        if (switchedOff) {
            return head + ", but this run does not measure them (" + reason + ")" + (decision.warns()
                    ? " (warning, not failed). To remove them from the baseline entry, run its accept command with "
                            + "-D" + reason + "."
                    : "; removed from the baseline entry as asked.");
        }
        return head + ", but this run could not measure them: " + reason + (decision.fails()
                ? ". Without them the benchmark cannot pass, in CI (CI=true) or when recording a baseline."
                : " (warning, not failed; in CI this fails).");
    }
}
