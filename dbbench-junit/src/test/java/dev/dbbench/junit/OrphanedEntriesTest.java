package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An entry whose benchmark method was renamed or deleted is told about on every run that reads its
 * file, and removed by update mode, the class's other entries kept.
 */
class OrphanedEntriesTest {

    @TempDir
    Path temp;

    @Test
    void anEntryOfARenamedMethodIsToldAboutAndUpdateModeRemovesIt() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        runner.run(Lookups.class).testEvents().assertStatistics(stats -> stats.succeeded(2).failed(0));
        // As if countOrders had been called ordersCount when the file was recorded.
        final Path file = runner.baselineFile(Lookups.class);
        final String recorded = Files.readString(file, StandardCharsets.UTF_8);
        Files.writeString(file, recorded.replace("countOrders", "ordersCount"), StandardCharsets.UTF_8);

        final String compared = FixtureRunner.printed(() -> runner.run(Lookups.class).testEvents()
                .assertStatistics(stats -> stats.succeeded(2).failed(0)));

        assertThat(compared).contains(file + " holds 1 entry of no @DbBenchmark method of"
                + " OrphanedEntriesTest$Lookups (renamed or deleted): ordersCount [postgres 17 embedded]; a run with"
                + " dbbench.baseline.mode=update removes it");
        assertThat(new ObjectMapper().readTree(file.toFile()).get("benchmarks").has("ordersCount [postgres 17 embedded]"))
                .isTrue();

        final String updated = FixtureRunner.printed(() -> runner.with(ConfigKeys.BASELINE_MODE, "update").run(Lookups.class)
                .testEvents().assertStatistics(stats -> stats.succeeded(2).failed(0)));

        assertThat(updated).contains("removed from " + file + " 1 entry of no @DbBenchmark method of"
                + " OrphanedEntriesTest$Lookups (renamed or deleted): ordersCount [postgres 17 embedded]")
                .contains("ordersCount [postgres 17 embedded]` | removed: the class has no @DbBenchmark method of this"
                        + " name |");
        final var benchmarks = new ObjectMapper().readTree(file.toFile()).get("benchmarks");
        assertThat(benchmarks.has("ordersCount [postgres 17 embedded]")).isFalse();
        assertThat(benchmarks.has("lookup [postgres 17 embedded]")).isTrue();
        assertThat(benchmarks.has("countOrders [postgres 17 embedded]")).isTrue();
    }

    @Postgres
    static class Lookups {

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void lookup(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("SELECT 1");
            }
        }

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void countOrders(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("SELECT 2");
            }
        }
    }
}
