package dev.dbbench.workload;

/**
 * Deterministic draws for the generators: every value is a pure function of (seed, stream, index),
 * so a row can be generated on its own, in any order, by any thread, and twice alike.
 */
final class Mix {

    private Mix() {
    }

    /** 64 well-spread bits for {@code (seed, stream, index)}. */
    static long hash(final long seed, final long stream, final long index) {
        // Mixing after each input keeps (seed, a, b) and (seed, b, a) apart.
        return mix(mix(mix(seed) ^ stream) ^ index);
    }

    /** A draw in {@code [0, bound)}; the modulo bias is below 2^-30 for any bound under 2^33. */
    static long below(final long seed, final long stream, final long index, final long bound) {
        return Long.remainderUnsigned(hash(seed, stream, index), bound);
    }

    /** A draw in {@code [0, 1)} with 53 bits of resolution. */
    static double unit(final long seed, final long stream, final long index) {
        return (hash(seed, stream, index) >>> 11) * 0x1.0p-53;
    }

    // SplitMix64's finalizer: a fixed bijection of the 64-bit values with full avalanche.
    static long mix(final long value) {
        long z = value + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
