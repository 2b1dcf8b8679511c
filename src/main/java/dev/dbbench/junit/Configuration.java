package dev.dbbench.junit;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

import dev.dbbench.api.DbBenchConfigurationException;

/**
 * Reads dbbench's configuration parameters and rejects values it cannot use, naming the key, the
 * value and what is allowed.
 */
final class Configuration {

    private final Function<String, Optional<String>> source;
    private final Function<String, String> environment;

    /**
     * @param source configuration parameters, such as {@code ExtensionContext::getConfigurationParameter}
     * @param environment environment variables, such as {@code System::getenv}
     */
    Configuration(Function<String, Optional<String>> source, Function<String, String> environment) {
        this.source = source;
        this.environment = environment;
    }

    /** The value exactly as given, untrimmed; for secrets. */
    Optional<String> raw(String key) {
        return source.apply(key);
    }

    Optional<String> string(String key) {
        return source.apply(key).map(String::trim).filter(value -> !value.isEmpty());
    }

    /** An integer parameter of at least {@code min}, if set. */
    Optional<Integer> integer(String key, int min) {
        final Optional<String> text = string(key);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        final int value;
        try {
            value = Integer.parseInt(text.get());
        } catch (NumberFormatException e) {
            throw invalid(key, text.get(), "an integer >= " + min);
        }
        if (value < min) {
            throw invalid(key, text.get(), "an integer >= " + min);
        }
        return Optional.of(value);
    }

    /** A decimal parameter strictly between {@code low} and {@code high}, if set. */
    Optional<Double> decimal(String key, double low, double high) {
        final Optional<String> text = string(key);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        final String allowed = "a number between " + low + " and " + high + " (exclusive)";
        final double value;
        try {
            value = Double.parseDouble(text.get());
        } catch (NumberFormatException e) {
            throw invalid(key, text.get(), allowed);
        }
        if (!(value > low && value < high)) {
            throw invalid(key, text.get(), allowed);
        }
        return Optional.of(value);
    }

    /** A boolean parameter, if set; only {@code true} and {@code false} are accepted. */
    Optional<Boolean> bool(String key) {
        return string(key).map(text -> switch (text.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw invalid(key, text, "true or false");
        });
    }

    /** Whether the build runs in CI, as CI services announce with {@code CI=true}. */
    boolean inCi() {
        return "true".equalsIgnoreCase(environment.apply("CI"));
    }

    static DbBenchConfigurationException invalid(String key, String value, String allowed) {
        return new DbBenchConfigurationException("configuration parameter " + key + " must be " + allowed + " but was '"
                + value + "'");
    }
}
