package dev.dbbench.config;

/** Whether server instructions are counted; set with {@code dbbench.count.instructions}. */
public enum CountMode {
    /** Counted where valgrind is installed; where it is not, said once and not counted. */
    AUTO,
    /** Counted, and a missing valgrind is an error. */
    ON,
    /** Never counted. */
    OFF
}
