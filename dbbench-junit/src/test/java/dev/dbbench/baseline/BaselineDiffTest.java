package dev.dbbench.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a change of baselines moved, as the pull request's job summary shows it. */
class BaselineDiffTest {

    private static final String CLASS_NAME = "com.example.OrderBench";

    @TempDir
    Path temp;

    @Test
    void listsWhatMovedInEachRewrittenEntryAndCountsTheKeptOnes() throws Exception {
        final Path before = temp.resolve("before");
        final Path after = temp.resolve("after");
        new BaselineStore(before).merge(CLASS_NAME, Map.of("findByBrand [pg]", BaselineStoreTest.entry("findByBrand", 100),
                "findByCustomer [pg]", BaselineStoreTest.entry("findByCustomer", 200)));
        Files.createDirectories(after);
        Files.copy(before.resolve(CLASS_NAME + ".json"), after.resolve(CLASS_NAME + ".json"));
        new BaselineStore(after).merge(CLASS_NAME, Map.of("findByBrand [pg]", BaselineStoreTest.entry("findByBrand", 300),
                "findCheapest [pg]", BaselineStoreTest.entry("findCheapest", 50)));

        final String markdown = BaselineDiff.between(before, after).markdown();

        assertThat(markdown).startsWith("### dbbench baselines: 2 entries rewritten, 1 kept\n")
                .contains("| benchmark | what moved |")
                // Three samples a side cannot show a change beyond the default rule; the figure shows anyway.
                .contains("| `OrderBench.findByBrand [pg]` | recorded again, nothing judged beyond its tolerance:"
                        + " time 100 ns -> 300 ns (+200.0 %) |")
                .contains("| `OrderBench.findCheapest [pg]` | new |")
                .doesNotContain("findByCustomer");
    }

    @Test
    void nothingMovedSaysSo() throws Exception {
        final Path before = temp.resolve("before");
        new BaselineStore(before).merge(CLASS_NAME, Map.of("findByBrand [pg]", BaselineStoreTest.entry("findByBrand", 100)));

        assertThat(BaselineDiff.between(before, before).markdown()).isEqualTo(
                "### dbbench baselines: 0 entries rewritten, 1 kept\n\n"
                        + "Nothing moved beyond its tolerance; every entry keeps its bytes.\n");
    }
}
