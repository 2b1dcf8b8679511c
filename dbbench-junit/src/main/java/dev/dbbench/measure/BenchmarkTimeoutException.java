package dev.dbbench.measure;

/** Thrown when a benchmark runs past its timeout; it names how far it got. */
public final class BenchmarkTimeoutException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    BenchmarkTimeoutException(String message) {
        super(message);
    }

    /** @param cause where the call that had not returned was at the deadline */
    BenchmarkTimeoutException(String message, Throwable cause) {
        super(message, cause);
    }
}
