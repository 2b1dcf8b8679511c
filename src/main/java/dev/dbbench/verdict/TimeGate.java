package dev.dbbench.verdict;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** What a timing regression does to the build; set with {@code dbbench.gate.time}. */
public enum TimeGate {
    /** A confirmed timing regression fails the benchmark. */
    FAIL,
    /** A confirmed timing regression is reported as a warning; the benchmark passes. */
    WARN,
    /** Timing verdicts are shown but never fail or warn, and suspected regressions are not re-run. */
    OFF;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<TimeGate> parse(String text) {
        return Arrays.stream(values()).filter(gate -> gate.value().equals(text.trim().toLowerCase(Locale.ROOT)))
                .findFirst();
    }

    public static String allowed() {
        return Arrays.stream(values()).map(TimeGate::value).collect(Collectors.joining(", "));
    }
}
