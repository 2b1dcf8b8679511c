package dev.dbbench.verdict;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What a timing comparison does when the baseline was measured in another environment; set with
 * {@code dbbench.environment.mismatch}.
 */
public enum EnvironmentPolicy {
    /** Compare anyway and list every difference with the verdict. */
    WARN,
    /**
     * Compare timings only when the engine (version, provider, image, settings) and the CPU (model,
     * count) are the same as the baseline's; otherwise the verdict is {@link Verdict#INCONCLUSIVE}.
     */
    REFUSE;

    /** The fingerprint keys {@link #REFUSE} holds to: everything about the engine and the CPU. */
    static final List<String> REFUSED_PREFIXES = List.of("engine.", "cpu.");

    /** The changes that make this policy refuse the comparison: none under {@link #WARN}. */
    public List<EnvironmentChange> refused(List<EnvironmentChange> changes) {
        if (this == WARN) {
            return List.of();
        }
        return changes.stream().filter(change -> REFUSED_PREFIXES.stream().anyMatch(change.key()::startsWith))
                .toList();
    }

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<EnvironmentPolicy> parse(String text) {
        return Arrays.stream(values()).filter(policy -> policy.value().equals(text.trim().toLowerCase(Locale.ROOT)))
                .findFirst();
    }

    public static String allowed() {
        return Arrays.stream(values()).map(EnvironmentPolicy::value).collect(Collectors.joining(", "));
    }
}
