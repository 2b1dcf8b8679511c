package dev.dbbench.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The one way a configuration value with a fixed set of choices is spelled and parsed: the enum
 * constant's name in lower case with hyphens for underscores ({@code NOT_SET} would be
 * {@code not-set}), case and surrounding blanks ignored.
 */
public final class Choices {

    private Choices() {
    }

    /** How a choice is written in configuration. */
    public static String spelling(Enum<?> choice) {
        return choice.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The choice spelled {@code text}, if one of {@code allowed} is. */
    @SafeVarargs
    public static <E extends Enum<E>> Optional<E> parse(String text, E... allowed) {
        final String wanted = text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(allowed).filter(choice -> spelling(choice).equals(wanted)).findFirst();
    }

    /** The allowed spellings, for messages: {@code compare, update, record-missing}. */
    @SafeVarargs
    public static <E extends Enum<E>> String allowed(E... allowed) {
        return Arrays.stream(allowed).map(Choices::spelling).collect(Collectors.joining(", "));
    }
}
