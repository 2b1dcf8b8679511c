package dev.dbbench.config;

/**
 * What a timing comparison does when the baseline was measured in another environment; set with
 * {@code dbbench.environment.mismatch}.
 */
public enum EnvironmentPolicy {
    /** Compare anyway and list every difference with the verdict. */
    WARN,
    /**
     * Compare timings only when the engine (version, provider, image, settings) and the CPU (model,
     * count) are the same as the baseline's; otherwise the verdict is inconclusive.
     */
    REFUSE
}
