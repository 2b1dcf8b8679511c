package dev.dbbench.config;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

import dev.dbbench.api.DbBenchConfigurationException;

/**
 * Reads dbbench's configuration parameters and environment variables and rejects values it cannot
 * use, always in one shape: "configuration parameter KEY must be WHAT IS ALLOWED but was 'VALUE'".
 */
public final class ConfigSource {

    private final Function<String, Optional<String>> parameters;
    private final Function<String, String> environment;
    private final Function<String, String> systemProperties;

    /**
     * @param parameters configuration parameters, such as {@code ExtensionContext::getConfigurationParameter}
     * @param environment environment variables, such as {@code System::getenv}
     * @param systemProperties system properties, such as {@code System::getProperty}: only asked
     *     where it matters whether a parameter came from the command line
     */
    public ConfigSource(Function<String, Optional<String>> parameters, Function<String, String> environment,
            Function<String, String> systemProperties) {
        this.parameters = parameters;
        this.environment = environment;
        this.systemProperties = systemProperties;
    }

    /** The value exactly as given, untrimmed; for secrets. */
    Optional<String> raw(String key) {
        return parameters.apply(key);
    }

    /** The value, trimmed; empty when unset or blank. */
    Optional<String> string(String key) {
        return parameters.apply(key).map(String::trim).filter(value -> !value.isEmpty());
    }

    /** An environment variable, untrimmed; empty when unset or empty. */
    Optional<String> environmentVariable(String name) {
        return Optional.ofNullable(environment.apply(name)).filter(value -> !value.isEmpty());
    }

    /** Whether a parameter was given as a system property (a {@code -D} on the command line). */
    boolean isSystemProperty(String key) {
        return systemProperties.apply(key) != null;
    }

    /** An integer of at least {@code min}, or {@code fallback} when unset. */
    int integer(String key, int min, int fallback) {
        return integer(key, min, Integer.MAX_VALUE, fallback);
    }

    /** An integer from {@code min} to {@code max}, or {@code fallback} when unset. */
    int integer(String key, int min, int max, int fallback) {
        final Optional<String> text = string(key);
        if (text.isEmpty()) {
            return fallback;
        }
        try {
            final int value = Integer.parseInt(text.get());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below, with what is allowed
        }
        throw invalid(key, text.get(), max == Integer.MAX_VALUE ? "an integer >= " + min
                : "an integer from " + min + " to " + max);
    }

    /** A number strictly between {@code low} and {@code high}, or {@code fallback} when unset. */
    double decimal(String key, double low, double high, double fallback) {
        final Optional<String> text = string(key);
        if (text.isEmpty()) {
            return fallback;
        }
        try {
            final double value = Double.parseDouble(text.get());
            if (value > low && value < high) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below, with what is allowed
        }
        throw invalid(key, text.get(), "a number between " + low + " and " + high + " (exclusive)");
    }

    /**
     * A percentage, every key's alike: a number of at least 0, with decimals or without ({@code 25},
     * {@code 2.5}), or {@code fallback} when unset.
     */
    double percent(String key, double fallback) {
        final Optional<String> text = string(key);
        if (text.isEmpty()) {
            return fallback;
        }
        try {
            final double value = Double.parseDouble(text.get());
            if (value >= 0 && Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below, with what is allowed
        }
        throw invalid(key, text.get(), PERCENTAGE);
    }

    /** {@code true} or {@code false}, nothing else, or {@code fallback} when unset. */
    boolean bool(String key, boolean fallback) {
        return string(key).map(text -> switch (text.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw invalid(key, text, "true or false");
        }).orElse(fallback);
    }

    /** One of {@code allowed}, spelled as {@link Choices} spells it; empty when unset. */
    @SafeVarargs
    final <E extends Enum<E>> Optional<E> choice(String key, E... allowed) {
        return string(key).map(text -> Choices.parse(text, allowed)
                .orElseThrow(() -> invalid(key, text, "one of " + Choices.allowed(allowed))));
    }

    /** Whether the build runs in CI, as CI services announce with {@code CI=true}. */
    boolean inCi() {
        return "true".equalsIgnoreCase(environment.apply("CI"));
    }

    /** What every percentage must be, in configuration parameters and annotation attributes alike. */
    public static final String PERCENTAGE = "a percentage >= 0, such as 25 or 2.5";

    /** The one shape of a configuration error. */
    public static DbBenchConfigurationException invalid(String key, String value, String allowed) {
        return new DbBenchConfigurationException("configuration parameter " + key + " must be " + allowed + " but was '"
                + value + "'");
    }
}
