package dev.dbbench.metric;

/** A labelled line one metric lends to another's failure message, such as {@code server CPU 1.2 ms -> 1.3 ms}. */
public record ContextLine(String label, String value) {
}
