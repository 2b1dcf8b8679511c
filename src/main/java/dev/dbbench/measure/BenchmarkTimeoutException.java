package dev.dbbench.measure;

/** Thrown when a benchmark runs past its timeout; it names how far sampling got. */
public final class BenchmarkTimeoutException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    BenchmarkTimeoutException(String message) {
        super(message);
    }
}
