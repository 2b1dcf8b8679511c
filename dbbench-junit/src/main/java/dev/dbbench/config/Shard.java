package dev.dbbench.config;

/**
 * One shard of a suite split across CI runners: shard {@code index} of {@code count}, 1-based. A test
 * class belongs to exactly one shard, chosen by the {@link String#hashCode()} of its name, which the
 * Java language fixes for every JVM: each runner skips the same classes, and since baseline files
 * are per class, shards write disjoint files.
 */
public record Shard(int index, int count) {

    public Shard {
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException("shard " + index + "/" + count + " is not one of 1/n to n/n");
        }
    }

    /** Parses {@code i/n}; anything else is a configuration error naming the key. */
    static Shard parse(String key, String text) {
        final String[] parts = text.split("/", -1);
        try {
            if (parts.length == 2) {
                return new Shard(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
            }
        } catch (IllegalArgumentException e) {
            // reported below, with what is allowed
        }
        throw ConfigSource.invalid(key, text, "i/n with 1 <= i <= n, such as 2/4");
    }

    /** The shard, 1 to {@code count}, that runs the test class of this name. */
    public static int of(String className, int count) {
        return Math.floorMod(className.hashCode(), count) + 1;
    }

    /** Whether this shard runs the class of this name. */
    public boolean includes(String className) {
        return of(className, count) == index;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
