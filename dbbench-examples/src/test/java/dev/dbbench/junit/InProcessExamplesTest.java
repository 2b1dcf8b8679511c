package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.ConfigKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The catalog example on embedded PostgreSQL and its MongoDB twin on the emulator, as the main job runs them. */
class InProcessExamplesTest {

    @TempDir
    Path temp;

    private FixtureRunner embedded() {
        return new FixtureRunner(temp).with(ConfigKeys.WARMUPS, "1").with(ConfigKeys.SAMPLES, "3");
    }

    @Test
    void theCatalogExampleRunsOnEmbeddedPostgres() throws Exception {
        final FixtureRunner runner = embedded();
        runner.run("dev.dbbench.examples.JsonbCatalogBench").testEvents()
                .assertStatistics(stats -> stats.succeeded(5).failed(0));

        assertThat(benchmarks(runner, "dev.dbbench.examples.JsonbCatalogBench").fieldNames()).toIterable()
                .containsExactlyInAnyOrder("findByBrandArrow [postgres 17 embedded]",
                        "findByBrandContainment [postgres 17 embedded]",
                        "findMissingBrandContainment [postgres 17 embedded]",
                        "countByBrandArrow [postgres 17 embedded]", "countByBrandContainment [postgres 17 embedded]");
    }

    @Test
    void theMongoTwinRunsOnTheEmulatorLabelledEmulated() throws Exception {
        final FixtureRunner runner = embedded();
        runner.run("dev.dbbench.examples.MongoCatalogBench").testEvents()
                .assertStatistics(stats -> stats.succeeded(3).failed(0));

        assertThat(benchmarks(runner, "dev.dbbench.examples.MongoCatalogBench").fieldNames()).toIterable()
                .containsExactlyInAnyOrder("findByBrand [mongodb emulated]", "insertManyAtOnce [mongodb emulated]",
                        "insertOneByOne [mongodb emulated]");
    }

    private static JsonNode benchmarks(FixtureRunner runner, String className) throws Exception {
        return new ObjectMapper().readTree(runner.baselineDirectory().resolve(className + ".json").toFile())
                .get("benchmarks");
    }
}
