package dev.dbbench.api;

/** Thrown when an annotation attribute or a configuration parameter has a value dbbench cannot use. */
public final class DbBenchConfigurationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public DbBenchConfigurationException(String message) {
        super(message);
    }
}
