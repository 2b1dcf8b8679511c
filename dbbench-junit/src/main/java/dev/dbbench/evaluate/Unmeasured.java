package dev.dbbench.evaluate;

/**
 * A metric the baseline entry holds but this run could not measure, such as server instructions on
 * a machine without valgrind, with why and what the gate made of it.
 */
public record Unmeasured(String metric, String reason, Decision decision) {

    /** The message a benchmark prints or fails with. */
    public String message(String benchmark) {
        return "dbbench: " + metric + " NOT MEASURED for " + benchmark + ": the baseline holds " + metric
                + ", but this run could not measure them: " + reason + (decision.fails()
                        ? ". Without them the benchmark cannot pass, in CI (CI=true) or when recording a baseline."
                        : " (warning, not failed; in CI this fails).");
    }
}
