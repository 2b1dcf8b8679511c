package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.BeforeSample;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.DbFixture;
import dev.dbbench.api.Postgres;
import dev.dbbench.api.SampleTimer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/** Injection, lifecycle hooks, per-sample setup, region timing and per-class databases. */
class LifecycleTest {

    /** Facts the fixtures record about themselves; cleared by each test. */
    static final List<String> EVENTS = Collections.synchronizedList(new ArrayList<>());

    @TempDir
    Path temp;

    @Test
    void beforeSampleRunsBeforeEverySampleAndIsNotTimed() {
        EVENTS.clear();
        new FixtureRunner(temp).run(InsertCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        // 2 warm-ups + 4 samples, each preceded by one truncate, each holding exactly opsPerSample rows.
        assertThat(EVENTS).containsExactly("rows=3", "rows=3", "rows=3", "rows=3", "rows=3", "rows=3");
    }

    @Test
    void timedRegionExcludesTheRestOfTheBody() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        runner.run(RegionCase.class).testEvents().assertStatistics(stats -> stats.succeeded(2));

        final JsonNode benchmarks = new ObjectMapper().readTree(runner.baselineFile(RegionCase.class).toFile())
                .get("benchmarks");
        final double whole = benchmarks.get("whole [postgres 17 embedded]").get("time").get("summary").get("median").asDouble();
        final double region = benchmarks.get("regionOnly [postgres 17 embedded]").get("time").get("summary").get("median")
                .asDouble();
        // Both bodies sleep 20 ms outside any query; only the one that times a region leaves it out.
        assertThat(whole).isGreaterThan(20_000_000);
        assertThat(region).isLessThan(whole / 4);
    }

    @Test
    void eachClassGetsItsOwnDatabaseDroppedAfterwards() {
        EVENTS.clear();
        final EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .configurationParameters(FixtureRunner.fromBuild())
                .configurationParameter(ConfigKeys.BASELINE_DIR, temp.resolve("baselines").toString())
                .configurationParameter(ConfigKeys.REPORT_DIR, temp.resolve("reports").toString())
                .configurationParameter(ConfigKeys.BASELINE_MISSING, "record")
                .configurationParameter(ConfigKeys.PROVIDER, "embedded")
                .configurationParameter("junit.jupiter.testclass.order.default",
                        "org.junit.jupiter.api.ClassOrderer$OrderAnnotation")
                .selectors(selectClass(DatabaseNameCase.class), selectClass(LaterClassCase.class))
                .execute();

        results.testEvents().assertStatistics(stats -> stats.succeeded(3).failed(0));
        // @BeforeAll, @BeforeEach (twice), the benchmark (sampled, then its plan-capture call) and a
        // plain @Test all saw the class's database; the next class had a database of its own, and
        // the first one's was gone by then.
        final int later = EVENTS.size() - 2;
        assertThat(EVENTS.subList(0, later)).hasSizeGreaterThanOrEqualTo(5).containsOnly(EVENTS.get(0));
        assertThat(EVENTS.get(0)).startsWith("dbbench_databasenamecase_");
        assertThat(EVENTS.get(later)).startsWith("dbbench_laterclasscase_");
        assertThat(EVENTS.get(later + 1)).isEqualTo("still there: false");
    }

    @Test
    void repeatedPostgresRunsOneInvocationPerTarget() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp);
        final EngineExecutionResults results = runner.run(TwoTargetsCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(2));
        assertThat(results.testEvents().started().stream().map(event -> event.getTestDescriptor().getDisplayName()))
                .containsExactly("[postgres 17 embedded]", "[postgres 17 embedded work_mem=8MB]");
        final JsonNode benchmarks = new ObjectMapper().readTree(runner.baselineFile(TwoTargetsCase.class).toFile())
                .get("benchmarks");
        assertThat(benchmarks.get("workMem [postgres 17 embedded work_mem=8MB]").get("environment")
                .get("engine.setting.work_mem").asText()).isEqualTo("8MB");
        assertThat(benchmarks.get("workMem [postgres 17 embedded]").get("environment")
                .get("engine.setting.work_mem").asText()).isEqualTo("4MB");
    }

    @Test
    void beforeSampleWithParameterThatCannotBeInjectedIsAConfigurationError() {
        final EngineExecutionResults results = new FixtureRunner(temp).run(BadHookCase.class);

        assertThat(results.containerEvents().failed().stream()
                .map(event -> event.getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow()
                        .getMessage()))
                .containsExactly("@BeforeSample method BadHookCase.reset() declares parameter nothing of type String,"
                        + " which the target [postgres 17 embedded] cannot inject; it injects [Connection, DataSource, JdbcDatabase]");
    }

    @Test
    void classLevelMethodsGetEngineParametersOnAClassThatCarriesAnEngineAnnotation() {
        EVENTS.clear();

        new FixtureRunner(temp).run(AnnotatedClassCase.class).testEvents()
                .assertStatistics(stats -> stats.succeeded(2));
        new FixtureRunner(temp).run(ExtendedClassCase.class).testEvents()
                .assertStatistics(stats -> stats.succeeded(1));

        // @BeforeAll, @BeforeEach (before the benchmark and before the plain test) and @AfterAll.
        assertThat(EVENTS).containsExactly("AnnotatedClassCase.beforeAll", "AnnotatedClassCase.beforeEach",
                "AnnotatedClassCase.beforeEach", "AnnotatedClassCase.afterAll", "ExtendedClassCase.beforeAll");
    }

    @Test
    void withoutAnEngineAnnotationOnlyTheBenchmarksAndTheFixturesGetThem() {
        EVENTS.clear();

        // The @DbBenchmark methods register dbbench's extension for themselves only: JUnit asks no
        // method-level extension about @BeforeAll.
        final EngineExecutionResults bare = new FixtureRunner(temp).run(BareClassCase.class);
        assertThat(FixtureRunner.firstFailure(bare)).startsWith("No ParameterResolver registered for parameter"
                + " [java.sql.Connection db] in method [static void " + BareClassCase.class.getName()
                + ".beforeAll(java.sql.Connection)]");
        // @BeforeEach runs with the extensions of the method it prepares: the benchmark's, not a plain test's.
        final EngineExecutionResults each = new FixtureRunner(temp).run(BareEachCase.class);
        each.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(1));
        assertThat(FixtureRunner.firstFailure(each)).startsWith("No ParameterResolver registered for parameter"
                + " [java.sql.Connection db] in method [void " + BareEachCase.class.getName()
                + ".beforeEach(java.sql.Connection)]");
        // dbbench calls @DbFixture methods itself, on the class's database, with no annotation needed.
        new FixtureRunner(temp).run(BareFixtureCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));
        assertThat(EVENTS).containsExactly("BareEachCase.beforeEach", "BareFixtureCase.fill");
    }

    static String currentDatabase(Connection db) throws SQLException {
        try (Statement statement = db.createStatement(); ResultSet rows = statement.executeQuery("SELECT current_database()")) {
            rows.next();
            return rows.getString(1);
        }
    }

    @Postgres
    static class InsertCase {

        @BeforeAll
        static void createTable(DataSource dataSource) throws SQLException {
            try (Connection db = dataSource.getConnection(); Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE events (id serial PRIMARY KEY, payload text)");
            }
        }

        @BeforeSample
        void emptyTable(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("TRUNCATE events");
            }
        }

        @DbBenchmark(warmups = 2, samples = 4, opsPerSample = 3, thresholdPercent = 900)
        void insert(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("INSERT INTO events (payload) VALUES ('x')");
                try (ResultSet rows = statement.executeQuery("SELECT count(*) FROM events")) {
                    rows.next();
                    if (rows.getLong(1) == 3) {
                        EVENTS.add("rows=3");
                    }
                }
            }
        }
    }

    @Postgres
    static class RegionCase {

        @DbBenchmark(warmups = 0, samples = 3, opsPerSample = 1)
        void whole(Connection db) throws Exception {
            Thread.sleep(20);
            currentDatabase(db);
        }

        @DbBenchmark(warmups = 0, samples = 3, opsPerSample = 1)
        void regionOnly(Connection db, SampleTimer timer) throws Exception {
            Thread.sleep(20);
            timer.start();
            currentDatabase(db);
            timer.stop();
        }
    }

    @Postgres
    @Order(1)
    static class DatabaseNameCase {

        @BeforeAll
        static void beforeAll(Connection db) throws SQLException {
            EVENTS.add(currentDatabase(db));
        }

        @BeforeEach
        void beforeEach(Connection db) throws SQLException {
            EVENTS.add(currentDatabase(db));
        }

        @DbBenchmark(warmups = 0, samples = 1, opsPerSample = 1)
        void benchmark(Connection db) throws SQLException {
            EVENTS.add(currentDatabase(db));
        }

        @Test
        void plainTest(DataSource dataSource) throws SQLException {
            try (Connection db = dataSource.getConnection()) {
                EVENTS.add(currentDatabase(db));
            }
        }
    }

    @Postgres
    @Order(2)
    static class LaterClassCase {

        @Test
        void earlierDatabaseIsGone(Connection db) throws SQLException {
            EVENTS.add(currentDatabase(db));
            try (PreparedStatement query = db.prepareStatement("SELECT count(*) FROM pg_database WHERE datname = ?")) {
                query.setString(1, EVENTS.get(0));
                try (ResultSet rows = query.executeQuery()) {
                    rows.next();
                    EVENTS.add("still there: " + (rows.getLong(1) > 0));
                }
            }
        }
    }

    @Postgres
    @Postgres(settings = "work_mem=8MB")
    static class TwoTargetsCase {

        @DbBenchmark(warmups = 0, samples = 2, opsPerSample = 1)
        void workMem(Connection db) throws SQLException {
            currentDatabase(db);
        }
    }

    @Postgres
    static class AnnotatedClassCase {

        @BeforeAll
        static void beforeAll(Connection db) throws SQLException {
            EVENTS.add("AnnotatedClassCase.beforeAll");
        }

        @BeforeEach
        void beforeEach(Connection db) {
            EVENTS.add("AnnotatedClassCase.beforeEach");
        }

        @DbBenchmark(warmups = 0, samples = 1, opsPerSample = 1)
        void benchmark(Connection db) throws SQLException {
            currentDatabase(db);
        }

        @Test
        void plainTest() {
        }

        @AfterAll
        static void afterAll(DataSource dataSource) {
            EVENTS.add("AnnotatedClassCase.afterAll");
        }
    }

    @ExtendWith(DbBenchmarkExtension.class)
    static class ExtendedClassCase {

        @BeforeAll
        static void beforeAll(Connection db) {
            EVENTS.add("ExtendedClassCase.beforeAll");
        }

        @DbBenchmark(warmups = 0, samples = 1, opsPerSample = 1)
        void benchmark(Connection db) throws SQLException {
            currentDatabase(db);
        }
    }

    static class BareClassCase {

        @BeforeAll
        static void beforeAll(Connection db) {
            EVENTS.add("BareClassCase.beforeAll");
        }

        @DbBenchmark(warmups = 0, samples = 1, opsPerSample = 1)
        void benchmark(Connection db) throws SQLException {
            currentDatabase(db);
        }
    }

    static class BareEachCase {

        @BeforeEach
        void beforeEach(Connection db) {
            EVENTS.add("BareEachCase.beforeEach");
        }

        @DbBenchmark(warmups = 0, samples = 1, opsPerSample = 1)
        void benchmark(Connection db) throws SQLException {
            currentDatabase(db);
        }

        @Test
        void plainTest() {
        }
    }

    static class BareFixtureCase {

        @DbFixture
        static void fill(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE filled (id int)");
            }
            EVENTS.add("BareFixtureCase.fill");
        }

        @DbBenchmark(warmups = 0, samples = 1, opsPerSample = 1)
        void benchmark(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("SELECT count(*) FROM filled");
            }
        }
    }

    @Postgres
    static class BadHookCase {

        @BeforeSample
        void reset(String nothing) {
        }

        @DbBenchmark
        void body() {
        }
    }
}
