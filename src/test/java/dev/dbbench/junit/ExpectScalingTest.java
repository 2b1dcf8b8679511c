package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.DbFixture;
import dev.dbbench.api.ExpectScaling;
import dev.dbbench.api.Growth;
import dev.dbbench.api.Postgres;
import dev.dbbench.api.Scale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * {@code @ExpectScaling} on real embedded PostgreSQL, with the time gate off: a lookup through an
 * index meets "at most logarithmic" and, with the index dropped, misses it at the small sizes, on
 * shared blocks alone or with server instructions counted too.
 */
class ExpectScalingTest {

    /** Whether {@link LookupCase} loads its table with the index; set by each test. */
    static volatile boolean indexed;

    @TempDir
    Path temp;

    @BeforeEach
    void withTheIndex() {
        indexed = true;
    }

    @org.junit.jupiter.api.Disabled
    @Test
    void anIndexedLookupMeetsLogarithmicOnSharedBlocksAndFailsWithoutTheIndex() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");

        final EngineExecutionResults met = runner.run(LookupCase.class);
        met.testEvents().assertStatistics(stats -> stats.succeeded(6).failed(0));
        System.out.println(results(runner).toPrettyString());

        indexed = false;
        final EngineExecutionResults missed = runner.run(LookupCase.class);
        System.out.println(DbBenchmarkExtensionTest.failureMessage(missed));
        missed.testEvents().assertStatistics(stats -> stats.failed(1));
    }

    @Test
    void withInstructionsCountedBothCountsAreJudged() throws Exception {
        Requirements.valgrind();
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off")
                .with(ConfigKeys.COUNT_INSTRUCTIONS, "auto");

        final EngineExecutionResults met = runner.run(LookupCase.class);
        met.testEvents().assertStatistics(stats -> stats.succeeded(6).failed(0));
        System.out.println(results(runner).toPrettyString());

        indexed = false;
        final EngineExecutionResults missed = runner.run(LookupCase.class);
        System.out.println(DbBenchmarkExtensionTest.failureMessage(missed));
        missed.testEvents().assertStatistics(stats -> stats.failed(1));
    }

    private static JsonNode results(FixtureRunner runner) throws Exception {
        return new ObjectMapper().readTree(runner.reportDirectory().resolve("results.json").toFile());
    }

    @Postgres
    @Scale(name = "rows", small = {1_000, 10_000, 100_000})
    static class LookupCase {

        @org.junit.jupiter.api.AfterEach
        void tick(org.junit.jupiter.api.TestInfo info) {
            System.out.println("TICK " + java.time.Instant.now() + " " + info.getDisplayName());
        }

        @DbFixture
        static void load(Connection db, long rows) throws SQLException {
            System.out.println("TICK " + java.time.Instant.now() + " load " + rows);
            try (Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE t AS SELECT g AS k, md5(g::text) AS v FROM generate_series(1, "
                        + rows + ") g");
                if (indexed) {
                    statement.execute("CREATE INDEX t_k_idx ON t (k)");
                }
                statement.execute("ANALYZE t");
            }
        }

        @DbBenchmark(warmups = 0, samples = 3, opsPerSample = 1)
        @ExpectScaling(atMost = Growth.LOGARITHMIC)
        void lookup(Connection db) throws SQLException {
            try (PreparedStatement query = db.prepareStatement("SELECT v FROM t WHERE k = ?")) {
                query.setInt(1, 421);
                try (ResultSet rows = query.executeQuery()) {
                    rows.next();
                }
            }
        }

        @DbBenchmark(warmups = 0, samples = 3, opsPerSample = 1)
        @ExpectScaling(atMost = Growth.LINEAR)
        void count(Connection db) throws SQLException {
            try (Statement statement = db.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT count(*) FROM t WHERE v LIKE 'a%'")) {
                rows.next();
            }
        }
    }
}
