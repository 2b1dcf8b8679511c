package dev.dbbench.workload;

/**
 * A keyed bijection of {@code [0, size)} evaluated one element at a time, so a column can hold every
 * value exactly once without a shuffled array of the whole column in memory.
 *
 * <p>A four-round Feistel network permutes the smallest even-width bit space that holds
 * {@code size}; cycle walking maps the values that land outside {@code [0, size)} back inside, which
 * keeps the mapping a bijection. The bit space is under four times {@code size}, so a lookup walks
 * fewer than four steps on average.
 */
final class Permutation {

    private static final int ROUNDS = 4;

    private final long size;
    private final long key;
    private final int halfBits;
    private final long halfMask;

    Permutation(final long size, final long key) {
        if (size < 1) {
            throw new IllegalArgumentException("size must be >= 1 but was " + size);
        }
        this.size = size;
        this.key = key;
        final int bits = Math.max(2, 64 - Long.numberOfLeadingZeros(size - 1));
        this.halfBits = (bits + 1) / 2;
        this.halfMask = (1L << halfBits) - 1;
    }

    /** The image of {@code value}, which must lie in {@code [0, size)}. */
    long apply(final long value) {
        if (value < 0 || value >= size) {
            throw new IllegalArgumentException("value must be in [0, " + size + ") but was " + value);
        }
        long result = value;
        do {
            result = encrypt(result);
        } while (result >= size);
        return result;
    }

    private long encrypt(final long value) {
        long left = value >>> halfBits;
        long right = value & halfMask;
        for (int round = 0; round < ROUNDS; round++) {
            final long next = left ^ (Mix.hash(key, round, right) & halfMask);
            left = right;
            right = next;
        }
        return (left << halfBits) | right;
    }
}
