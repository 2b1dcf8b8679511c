package dev.dbbench.engine;

import java.util.Locale;
import java.util.UUID;

/** Names of scratch databases: {@code dbbench_<class>_<random>}, safe on every engine. */
public final class ScratchNames {

    private ScratchNames() {
    }

    /** A fresh name from {@code prefix}, lower-case letters, digits and underscores, at most {@code maxLength}. */
    public static String unique(String prefix, int maxLength) {
        final String suffix = "_" + UUID.randomUUID().toString().substring(0, 8);
        String base = "dbbench_" + prefix.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
        if (base.length() + suffix.length() > maxLength) {
            base = base.substring(0, maxLength - suffix.length());
        }
        return base + suffix;
    }
}
