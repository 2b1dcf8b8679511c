package dev.dbbench.baseline;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** What a run does with the baseline files; set with {@code dbbench.baseline.mode}. */
public enum BaselineMode {
    /** Judge against the baselines and write nothing but entries that are missing (when allowed). */
    COMPARE("compare"),
    /** Rewrite the entries of the benchmarks that ran, keep every other entry; never fail a benchmark. */
    UPDATE("update"),
    /** Judge what has a baseline and record what has none, whether or not {@code CI} is set. */
    RECORD_MISSING("record-missing");

    private final String value;

    BaselineMode(String value) {
        this.value = value;
    }

    /** The value as written in configuration. */
    public String value() {
        return value;
    }

    public static Optional<BaselineMode> parse(String text) {
        final String wanted = text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(mode -> mode.value.equals(wanted)).findFirst();
    }

    /** The allowed values, for error messages. */
    public static String allowed() {
        return Arrays.stream(values()).map(BaselineMode::value).collect(Collectors.joining(", "));
    }
}
