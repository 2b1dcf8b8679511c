package dev.dbbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.BitSet;
import java.util.HexFormat;

import org.junit.jupiter.api.Test;

class WideTablesTest {

    private static final int ROWS = 10_000;

    private final WideTables wide = new WideTables(5, 17, ROWS);

    @Test
    void cellsDependOnlyOnSeedTableRowAndColumn() {
        final WideTables again = new WideTables(5, 3, ROWS);
        final WideTables otherSeed = new WideTables(6, 17, ROWS);
        int differ = 0;
        for (int column = 1; column <= WideTables.COLUMNS; column++) {
            assertThat(again.value(2, 1_234, column)).isEqualTo(wide.value(2, 1_234, column));
            differ += otherSeed.value(2, 1_234, column) != wide.value(2, 1_234, column) ? 1 : 0;
        }
        // Every column but c1 (the row number) changes with the seed, bar a chance collision or two.
        assertThat(differ).isGreaterThan(55);
        assertThat(otherSeed.value(2, 1_234, 1)).isEqualTo(1_234);
    }

    @Test
    void tablesNeverChangeAcrossRunsOrVersions() throws Exception {
        // Baselines compare runs on this data; if the generator changes, this digest must change with
        // a note that old baselines no longer apply.
        final MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
        final ByteBuffer cell = ByteBuffer.allocate(Integer.BYTES);
        for (int table = 1; table <= 2; table++) {
            for (int row = 0; row < 500; row++) {
                for (int column = 1; column <= WideTables.COLUMNS; column++) {
                    sha256.update(cell.clear().putInt(wide.value(table, row, column)).array());
                }
            }
        }
        assertThat(HexFormat.of().formatHex(sha256.digest()))
                .isEqualTo("b15c7fa45bca372631109dc96c14e6b7a519e69956646d86f7fc04bbee41760f");
    }

    @Test
    void c1IsTheRowNumberAndTheKeyAndFilterColumnsHoldEveryValueOnce() {
        for (int row = 0; row < ROWS; row += 997) {
            assertThat(wide.value(4, row, 1)).isEqualTo(row);
        }
        for (final int column : new int[] {2, 3, 4, 5, 6, 60}) {
            final BitSet seen = new BitSet(ROWS);
            for (int row = 0; row < ROWS; row++) {
                seen.set(wide.value(3, row, column));
            }
            assertThat(seen.cardinality()).as("distinct values of c%d", column).isEqualTo(ROWS);
            assertThat(seen.length()).isEqualTo(ROWS);
        }
    }

    @Test
    void theOtherColumnsAreUniformOverTheRowRangeLikeRandomDraws() {
        for (final int column : new int[] {7, 11, 21, 59}) {
            final BitSet seen = new BitSet(ROWS);
            long sum = 0;
            for (int row = 0; row < ROWS; row++) {
                final int value = wide.value(1, row, column);
                assertThat(value).isBetween(0, ROWS - 1);
                seen.set(value);
                sum += value;
            }
            // Draws with replacement: 1 - 1/e of the values occur; the mean is half the range.
            assertThat(seen.cardinality()).as("distinct values of c%d", column).isBetween(6_200, 6_450);
            assertThat(sum / (double) ROWS).isBetween(0.47 * ROWS, 0.53 * ROWS);
        }
    }

    @Test
    void theFilterKeepsOneRowInFiveHundred() {
        assertThat(wide.filterBound()).isEqualTo(20);
        long kept = 0;
        for (int row = 0; row < ROWS; row++) {
            kept += wide.value(1, row, 60) < wide.filterBound() ? 1 : 0;
        }
        assertThat(kept).isEqualTo(20).isEqualTo(wide.joinChainRows(true));
        assertThat(new WideTables(1, 17, 50_000_000).filterBound()).isEqualTo(100_000);
        assertThat(new WideTables(1, 2, 100).filterBound()).isEqualTo(1);
    }

    @Test
    void joinChainsAreTheSeedsQueries() {
        assertThat(wide.joinChain(2, false))
                .isEqualTo("SELECT count(*) FROM (SELECT t1.c1 FROM t1 JOIN t2 ON t1.c2 = t2.c3) AS t");
        assertThat(wide.joinChain(5, true)).isEqualTo("SELECT count(*) FROM (SELECT t1.c1 FROM t1"
                + " JOIN t2 ON t1.c2 = t2.c3 JOIN t3 ON t2.c3 = t3.c4 JOIN t4 ON t3.c4 = t4.c5 JOIN t5 ON t4.c5 = t5.c6"
                + " WHERE t1.c60 < 20) AS t");
        assertThat(wide.joinChain(17, false))
                .contains(" JOIN t6 ON t5.c5 = t6.c6 JOIN t7 ON t6.c5 = t7.c6")
                .endsWith(" JOIN t17 ON t16.c5 = t17.c6) AS t");
        assertThat(wide.countDistinct()).isEqualTo("SELECT count(DISTINCT c1) FROM t1");
        assertThat(wide.groupBySeven()).isEqualTo("SELECT count(*) FROM (SELECT c1, c11, c21, c31, c41, c51, c60 FROM t1"
                + " GROUP BY c1, c11, c21, c31, c41, c51, c60) AS t");
    }

    @Test
    void badSizesTablesRowsColumnsAndChainsAreRejected() {
        assertThatIllegalArgumentException().isThrownBy(() -> new WideTables(1, 0, 10))
                .withMessage("tables must be >= 1 but was 0");
        assertThatIllegalArgumentException().isThrownBy(() -> new WideTables(1, 2, 0))
                .withMessage("rows must be >= 1 but was 0");
        assertThatIllegalArgumentException().isThrownBy(() -> wide.value(18, 0, 1))
                .withMessage("table must be in [1, 17] but was 18");
        assertThatIllegalArgumentException().isThrownBy(() -> wide.value(1, ROWS, 1))
                .withMessage("row must be in [0, 10000) but was 10000");
        assertThatIllegalArgumentException().isThrownBy(() -> wide.value(1, 0, 61))
                .withMessage("column must be in [1, 60] but was 61");
        assertThatIllegalArgumentException().isThrownBy(() -> wide.joinChain(1, false))
                .withMessage("a join chain needs 2 to 17 tables but was asked for 1");
        assertThatIllegalArgumentException().isThrownBy(() -> wide.joinChain(18, true))
                .withMessage("a join chain needs 2 to 17 tables but was asked for 18");
    }
}
