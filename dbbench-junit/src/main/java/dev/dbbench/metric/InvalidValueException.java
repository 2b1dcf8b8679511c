package dev.dbbench.metric;

/** Thrown when a metric's stored JSON is not a value it ever writes; the message says which field and why. */
public final class InvalidValueException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public InvalidValueException(String message) {
        super(message);
    }
}
