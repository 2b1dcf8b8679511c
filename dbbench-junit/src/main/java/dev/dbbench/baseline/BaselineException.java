package dev.dbbench.baseline;

/**
 * Thrown when a baseline file cannot be read, parsed or written; the message names the file and what
 * to do, and the file is left as it was.
 */
public final class BaselineException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    BaselineException(String message, Throwable cause) {
        super(message, cause);
    }

    BaselineException(String message) {
        super(message);
    }
}
