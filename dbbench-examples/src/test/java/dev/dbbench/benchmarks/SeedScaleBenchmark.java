package dev.dbbench.benchmarks;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.BeforeSample;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import dev.dbbench.examples.Rows;
import dev.dbbench.workload.ProductCatalog;
import dev.dbbench.workload.SocialGraph;
import dev.dbbench.workload.StorageSize;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * The seeds' own figures at the seeds' own sizes, where one machine can reach them in minutes: seed
 * 000's catalog of 100,000 documents (COPY, INSERT in one transaction, the two brand queries, table
 * and index size) and seed 003's 1,632,803 Pokec profiles (the age histogram, age as a column and
 * inside JSON). Far too slow for CI; the examples run the same workloads at small sizes.
 *
 * <p>Run with {@code mvn -B verify -Pharness-benchmarks -Dtest=SeedScaleBenchmark}; it prints the
 * figures quoted in {@code docs/seeds.md}. Instructions are not counted: under valgrind a single
 * call at this size would take minutes.
 */
class SeedScaleBenchmark {

    static final int CATALOG_DOCUMENTS = 100_000;
    static final int POKEC_PROFILES = 1_632_803;
    static final String CATALOG = "json_tables";

    @TempDir
    Path temp;

    @Test
    void report() throws Exception {
        final List<JsonNode> runs = List.of(run(CatalogCase.class), run(PokecProfilesCase.class));
        System.out.printf(Locale.ROOT, "%nseed scale (medians of %d samples, seconds)%n", CatalogCase.SAMPLES);
        for (JsonNode run : runs) {
            for (JsonNode result : run.get("results")) {
                print(result);
            }
        }
        final StorageSize size = CatalogCase.size;
        System.out.printf(Locale.ROOT, "  catalog table: heap %.1f MB, indexes %.1f MB, total %.1f MB%n",
                size.dataBytes() / 1e6, size.indexBytes() / 1e6, size.totalBytes() / 1e6);
    }

    private JsonNode run(Class<?> fixture) throws Exception {
        final Path reports = temp.resolve(fixture.getSimpleName());
        EngineTestKit.engine("junit-jupiter")
                .configurationParameter(ConfigKeys.BASELINE_DIR, temp.resolve("baselines").toString())
                .configurationParameter(ConfigKeys.PROVIDER, "embedded")
                .configurationParameter(ConfigKeys.REPORT_DIR, reports.toString())
                .configurationParameter(ConfigKeys.BASELINE_MISSING, "record")
                .configurationParameter(ConfigKeys.COUNT_INSTRUCTIONS, "off")
                .selectors(selectClass(fixture))
                .execute()
                .testEvents()
                .assertStatistics(stats -> stats.failed(0));
        return new ObjectMapper().readTree(Files.readString(reports.resolve("results.json")));
    }

    private static void print(JsonNode result) {
        System.out.printf(Locale.ROOT, "  %-40s %8.3f s%n", result.get("method").asText(),
                result.get("current").get("median").asDouble() / 1e9);
    }

    /** Seed 000 at its size: load, insert and query 100,000 catalog documents. */
    @Postgres
    static class CatalogCase {

        static final int SAMPLES = 3;
        static final String LOADED = "loaded";
        static volatile StorageSize size;

        @BeforeAll
        static void load(Connection db) throws SQLException {
            ProductCatalog.createIndexedTable(db, CATALOG, CATALOG_DOCUMENTS);
            try (Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE " + LOADED + " (data jsonb)");
            }
        }

        @AfterAll
        static void measureSize(Connection db) throws SQLException {
            size = StorageSize.ofTable(db, CATALOG);
        }

        @BeforeSample
        void emptyLoaded(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("TRUNCATE " + LOADED);
            }
        }

        @DbBenchmark(warmups = 0, samples = SAMPLES, opsPerSample = 1, timeoutSeconds = 600)
        void copy(Connection db) throws SQLException {
            ProductCatalog.loadInto(db, LOADED, CATALOG_DOCUMENTS);
        }

        @DbBenchmark(warmups = 0, samples = SAMPLES, opsPerSample = 1, timeoutSeconds = 600)
        void insertInOneTransaction(Connection db) throws SQLException {
            db.setAutoCommit(false);
            final String sql = "INSERT INTO " + LOADED + " VALUES (CAST(? AS jsonb))";
            try (PreparedStatement insert = db.prepareStatement(sql)) {
                for (int index = 0; index < CATALOG_DOCUMENTS; index++) {
                    insert.setString(1, ProductCatalog.document(index));
                    insert.executeUpdate();
                }
            }
            db.commit();
            db.setAutoCommit(true);
        }

        @DbBenchmark(warmups = 1, samples = SAMPLES, opsPerSample = 1, timeoutSeconds = 600)
        void selectByBrandArrow(Connection db) throws SQLException {
            Rows.readAll(db, "SELECT data FROM " + CATALOG + " WHERE data->>'brand' = 'ACME'");
        }

        @DbBenchmark(warmups = 1, samples = SAMPLES, opsPerSample = 1, timeoutSeconds = 600)
        void selectByBrandContainment(Connection db) throws SQLException {
            Rows.readAll(db, "SELECT data FROM " + CATALOG + " WHERE data @> '{\"brand\": \"ACME\"}'");
        }
    }

    /** Seed 003's ad-hoc aggregation over all 1,632,803 profiles, without an index. */
    @Postgres
    static class PokecProfilesCase {

        static final SocialGraph GRAPH = new SocialGraph(3, POKEC_PROFILES);

        @BeforeAll
        static void load(Connection db) throws SQLException {
            GRAPH.createTables(db);
            GRAPH.copyProfiles(db);
            try (Statement statement = db.createStatement()) {
                statement.execute("ANALYZE " + SocialGraph.PROFILES_TABLE);
            }
        }

        @DbBenchmark(warmups = 1, samples = CatalogCase.SAMPLES, opsPerSample = 1, timeoutSeconds = 600)
        void ageHistogramColumn(Connection db) throws SQLException {
            Rows.readAll(db, SocialGraph.AGE_HISTOGRAM_COLUMN_SQL);
        }

        @DbBenchmark(warmups = 1, samples = CatalogCase.SAMPLES, opsPerSample = 1, timeoutSeconds = 600)
        void ageHistogramJson(Connection db) throws SQLException {
            Rows.readAll(db, SocialGraph.AGE_HISTOGRAM_JSON_SQL);
        }
    }
}
