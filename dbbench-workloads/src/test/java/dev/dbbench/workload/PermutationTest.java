package dev.dbbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.BitSet;

import org.junit.jupiter.api.Test;

class PermutationTest {

    @Test
    void everySizeIsMappedOntoItselfOneToOne() {
        for (final long size : new long[] {1, 2, 3, 4, 5, 7, 8, 9, 100, 1_000, 1_023, 1_024, 1_025, 65_537}) {
            final Permutation permutation = new Permutation(size, 99);
            final BitSet seen = new BitSet();
            for (long value = 0; value < size; value++) {
                final long image = permutation.apply(value);
                assertThat(image).as("image of %d in size %d", value, size).isBetween(0L, size - 1);
                assertThat(seen.get((int) image)).as("%d hit twice in size %d", image, size).isFalse();
                seen.set((int) image);
            }
        }
    }

    @Test
    void theKeyDecidesTheOrderAndTheOrderIsFarFromTheIdentity() {
        final Permutation first = new Permutation(10_000, 1);
        final Permutation again = new Permutation(10_000, 1);
        final Permutation other = new Permutation(10_000, 2);
        int fixedPoints = 0;
        int sameAsOther = 0;
        for (long value = 0; value < 10_000; value++) {
            assertThat(again.apply(value)).isEqualTo(first.apply(value));
            fixedPoints += first.apply(value) == value ? 1 : 0;
            sameAsOther += first.apply(value) == other.apply(value) ? 1 : 0;
        }
        // A random permutation has one fixed point on average; a few dozen would mean poor mixing.
        assertThat(fixedPoints).isLessThan(10);
        assertThat(sameAsOther).isLessThan(10);
    }

    @Test
    void sizesBelowOneAndValuesOutsideTheDomainAreRejected() {
        assertThatIllegalArgumentException().isThrownBy(() -> new Permutation(0, 1))
                .withMessage("size must be >= 1 but was 0");
        assertThatIllegalArgumentException().isThrownBy(() -> new Permutation(10, 1).apply(10))
                .withMessage("value must be in [0, 10) but was 10");
    }
}
