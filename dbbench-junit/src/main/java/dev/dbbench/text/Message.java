package dev.dbbench.text;

import java.util.Locale;

/**
 * A multi-line message as dbbench prints it: a headline, then one indented line per label with the
 * values aligned, as in
 * <pre>
 * dbbench: REGRESSION in OrderBench.find [postgres 17 embedded]: ...
 *   why          ...
 *   median       100 µs -> 130 µs
 * </pre>
 */
public final class Message {

    private final StringBuilder text;

    public Message(String headline) {
        this.text = new StringBuilder(headline).append('\n');
    }

    /** Adds {@code label value}, the value starting in the same column on every line. */
    public Message line(String label, String value) {
        text.append(String.format(Locale.ROOT, "  %-12s %s", label, value)).append('\n');
        return this;
    }

    /** Adds a line as it is, such as an indented detail under the previous one. */
    public Message raw(String line) {
        text.append(line).append('\n');
        return this;
    }

    @Override
    public String toString() {
        return text.toString().stripTrailing();
    }
}
