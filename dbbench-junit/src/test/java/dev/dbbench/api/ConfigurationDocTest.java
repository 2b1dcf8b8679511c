package dev.dbbench.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md lists every key of {@link ConfigKeys}, in the first column of a table, and
 * nothing that does not exist: the reference cannot drift from the code.
 */
class ConfigurationDocTest {

    /** A table row's first cell: a key or an environment variable in backticks. */
    private static final Pattern FIRST_CELL = Pattern.compile("(?m)^\\| `([A-Za-z0-9_.-]+)` \\|");

    @Test
    void everyKeyIsDocumentedAndNothingElse() throws Exception {
        final String doc = Files.readString(Path.of("..", "docs", "configuration.md"));
        final Set<String> documented = new TreeSet<>();
        final Matcher row = FIRST_CELL.matcher(doc);
        while (row.find()) {
            documented.add(row.group(1));
        }
        // The variable CI services set, which dbbench reads but does not name a constant for.
        documented.remove("CI");

        assertThat(documented).containsExactlyInAnyOrderElementsOf(keys());
    }

    /** The keys and environment variables {@link ConfigKeys} names: its String constants other than defaults. */
    private static Set<String> keys() throws IllegalAccessException {
        final Set<String> keys = new TreeSet<>();
        for (Field field : ConfigKeys.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class
                    && !field.getName().startsWith("DEFAULT_")) {
                keys.add((String) field.get(null));
            }
        }
        return keys;
    }
}
