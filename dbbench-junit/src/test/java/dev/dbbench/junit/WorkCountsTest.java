package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicBoolean;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import dev.dbbench.measure.SamplingLock;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Work counted instead of timed, on real embedded PostgreSQL with the server under valgrind: an
 * unchanged body passes with the same counts, and each change of work fails on the first run with
 * the time gate off, naming the count that moved.
 */
public class WorkCountsTest {

    private static final String KEY = "sum [postgres 17 embedded]";

    /**
     * What the fixture does; each test sets the change it makes after recording the baseline. Public,
     * as is the fixture, for the detection benchmark that makes the same changes many times.
     */
    public static volatile int rows;
    public static volatile boolean extraStatement;
    public static volatile boolean wideRows;
    public static volatile boolean indexed;
    public static volatile int allocatedPerCall;

    @TempDir
    Path temp;

    @BeforeAll
    static void valgrindIsInstalled() {
        Requirements.valgrind();
    }

    @BeforeEach
    public void unchanged() {
        rows = 20_000;
        extraStatement = false;
        wideRows = false;
        indexed = true;
        allocatedPerCall = 0;
    }

    @Test
    void anUnchangedBodyCountsTheSameAndPasses() throws Exception {
        final FixtureRunner runner = counting();
        runner.run(CountedCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));
        final JsonNode recorded = entry(runner).get("instructions");

        runner.run(CountedCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));

        final JsonNode result = result(runner);
        assertThat(result.get("instructions").get("perOp").asLong()).isPositive();
        // The same work counts the same, to within the tolerance (and in practice to a few instructions).
        assertThat((double) result.get("instructions").get("perOp").asLong() / recorded.get("perOp").asLong())
                .isBetween(0.999, 1.001);
        assertThat(result.get("instructionFindings")).isEmpty();
        assertThat(result.get("trafficFindings")).isEmpty();
        assertThat(recorded.get("counter").asText()).startsWith("callgrind valgrind-").contains(", glibc ", ", guest CPU ");
    }

    /**
     * Counted while another JVM times over and over, the counting copy's server is stopped for each of
     * the other JVM's timed pieces, in the middle of calls too, and counts what it counts alone.
     */
    @Test
    void countsTakenWhileAnotherJvmTimesOverAndOverMatchThoseTakenAlone() throws Exception {
        final FixtureRunner runner = counting();
        runner.run(CountedCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));
        final JsonNode alone = entry(runner).get("instructions");
        final Path lock = temp.resolve("sampling.lock");
        final Path timed = temp.resolve("timed");
        final Process other = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), TimingElsewhere.class.getName(), lock.toString(),
                timed.toString()).redirectErrorStream(true).redirectOutput(temp.resolve("other.log").toFile()).start();
        final AtomicBoolean copySeenStopped = new AtomicBoolean();
        final Thread watcher = new Thread(() -> watchForAStoppedCopy(copySeenStopped));
        watcher.start();
        try {
            runner.with(ConfigKeys.SAMPLING_LOCK, lock.toString()).run(CountedCase.class).testEvents()
                    .assertStatistics(stats -> stats.succeeded(1).failed(0));
        } finally {
            watcher.interrupt();
            other.destroyForcibly();
        }

        assertThat(Files.exists(timed) ? Files.size(timed) : 0).as("timed pieces of the other JVM").isGreaterThan(10);
        assertThat(copySeenStopped).as("the counting copy's server seen stopped").isTrue();
        final JsonNode result = result(runner);
        assertThat((double) result.get("instructions").get("perOp").asLong() / alone.get("perOp").asLong())
                .isBetween(0.999, 1.001);
        assertThat(result.get("instructionFindings")).isEmpty();
    }

    /**
     * Until interrupted, looks every 20 ms (the other JVM times 100 ms at a time) whether a process of
     * this JVM under callgrind is stopped.
     */
    private static void watchForAStoppedCopy(AtomicBoolean seen) {
        while (!Thread.currentThread().isInterrupted() && !seen.get()) {
            ProcessHandle.current().descendants()
                    .filter(process -> process.info().command().map(command -> command.contains("callgrind"))
                            .orElse(false))
                    .forEach(process -> {
                        try {
                            final String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
                            if (stat.charAt(stat.lastIndexOf(')') + 2) == 'T') {
                                seen.set(true);
                            }
                        } catch (IOException e) {
                            // Gone meanwhile.
                        }
                    });
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Another test JVM that times over and over: 100 ms alone, 20 ms not, noting each piece with a byte. */
    static final class TimingElsewhere {

        public static void main(String[] args) throws Throwable {
            final SamplingLock lock = SamplingLock.at(Path.of(args[0]));
            final Path timed = Path.of(args[1]);
            while (true) {
                lock.alone(() -> {
                    Thread.sleep(100);
                    return Files.write(timed, new byte[] {1}, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                });
                Thread.sleep(20);
            }
        }
    }

    @Test
    void threePercentMoreServerWorkFailsNamingTheStatement() throws Exception {
        final FixtureRunner runner = counting();
        runner.run(CountedCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        rows = 20_600;
        final EngineExecutionResults results = runner.run(CountedCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("INSTRUCTION REGRESSION in WorkCountsTest$CountedCase.sum [postgres 17 embedded]")
                .contains("SELECT sum(g::bigint * g) FROM generate_series(1, ?) AS g")
                .contains("instructions per call");
    }

    @Test
    void oneMoreStatementPerOperationFailsNamingIt() throws Exception {
        final FixtureRunner runner = counting();
        runner.run(CountedCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        extraStatement = true;
        final EngineExecutionResults results = runner.run(CountedCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("TRAFFIC REGRESSION")
                .contains("SELECT count(*) FROM items")
                .contains("executions per call 0 -> 1")
                .contains("round trips per call 2 -> 3");
    }

    @Test
    void oneMoreColumnShippedPerRowFails() throws Exception {
        final FixtureRunner runner = counting();
        runner.run(CountedCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        wideRows = true;
        final EngineExecutionResults results = runner.run(CountedCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results)).contains("bytes received per call");
    }

    @Test
    void aDroppedIndexFailsOnPlanAndInstructions() throws Exception {
        final FixtureRunner runner = counting();
        runner.run(CountedCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        indexed = false;
        final EngineExecutionResults results = runner.run(CountedCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("PLAN REGRESSION")
                .contains("INSTRUCTION REGRESSION")
                .contains("SELECT * FROM items WHERE id BETWEEN ? AND ?");
    }

    @Test
    void aBodyThatAllocatesMorePerOperationFails() throws Exception {
        final FixtureRunner runner = counting();
        runner.run(CountedCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        allocatedPerCall = 1 << 20;
        final EngineExecutionResults results = runner.run(CountedCase.class);

        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .contains("ALLOCATION REGRESSION")
                .contains("bytes allocated per operation");
    }

    @Test
    void withoutValgrindABaselineHoldingCountsIsNeverPassedSilentlyNorRewrittenWithoutThem() throws Exception {
        final FixtureRunner runner = counting();
        runner.run(CountedCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));
        final Path file = runner.baselineFile(CountedCase.class);
        final String recorded = Files.readString(file);

        final EngineExecutionResults update = runner.with(ConfigKeys.COUNT_VALGRIND, "/nonexistent/valgrind")
                .with(ConfigKeys.BASELINE_MODE, "update").run(CountedCase.class);

        update.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(DbBenchmarkExtensionTest.failureMessage(update))
                .contains("instructions NOT MEASURED for WorkCountsTest$CountedCase.sum [postgres 17 embedded]")
                .contains("valgrind is not installed (install it with apt-get install -y valgrind)");
        assertThat(Files.readString(file)).isEqualTo(recorded);
    }

    @Test
    void countingSwitchedOffWarnsWhenComparingAndAnUpdateRemovesTheCountsFromTheEntry() throws Exception {
        final FixtureRunner runner = counting();
        runner.run(CountedCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));
        final Path file = runner.baselineFile(CountedCase.class);
        final String recorded = Files.readString(file);
        assertThat(entry(runner).has("instructions")).isTrue();

        runner.with(ConfigKeys.COUNT_INSTRUCTIONS, "off").run(CountedCase.class)
                .testEvents().assertStatistics(stats -> stats.succeeded(1));
        final JsonNode compared = result(runner);
        assertThat(compared.get("warned").asBoolean()).isTrue();
        assertThat(FixtureRunner.metric(compared, "instructions").get("message").asText())
                .contains("instructions NOT MEASURED for WorkCountsTest$CountedCase.sum [postgres 17 embedded]")
                .contains("(dbbench.count.instructions=off)")
                .contains("To remove them from the baseline entry, run its accept command with"
                        + " -Ddbbench.count.instructions=off");
        assertThat(Files.readString(file)).isEqualTo(recorded);

        runner.with(ConfigKeys.BASELINE_MODE, "update").run(CountedCase.class)
                .testEvents().assertStatistics(stats -> stats.succeeded(1));

        assertThat(entry(runner).has("instructions")).isFalse();
        assertThat(entry(runner).has("traffic")).isTrue();
        assertThat(result(runner).get("note").asText()).contains("baseline entry rewritten: instructions removed");
    }

    @Test
    void countingOnWithoutValgrindIsAnErrorNamingTheSetting() {
        final EngineExecutionResults results = counting().with(ConfigKeys.COUNT_INSTRUCTIONS, "on")
                .with(ConfigKeys.COUNT_VALGRIND, "/nonexistent/valgrind").run(CountedCase.class);

        assertThat(FixtureRunner.firstFailure(results))
                .contains("dbbench.count.instructions=on, but valgrind (/nonexistent/valgrind) does not run")
                .contains("apt-get install -y valgrind");
    }

    private FixtureRunner counting() {
        return new FixtureRunner(temp).with(ConfigKeys.COUNT_INSTRUCTIONS, "auto")
                .with(ConfigKeys.GATE_TIME, "off");
    }

    private static JsonNode entry(FixtureRunner runner) throws Exception {
        return new ObjectMapper().readTree(runner.baselineFile(CountedCase.class).toFile()).get("benchmarks").get(KEY);
    }

    private static JsonNode result(FixtureRunner runner) throws Exception {
        return new ObjectMapper().readTree(runner.reportDirectory().resolve("results.json").toFile())
                .get("results").get(0);
    }

    @Postgres
    public static class CountedCase {

        /** Keeps what the body allocates reachable, so the JIT cannot leave the allocation out. */
        static volatile Object kept;

        @BeforeAll
        static void load(Connection db) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE items (id int PRIMARY KEY, name text"
                        + (wideRows ? ", label text" : "") + ")");
                statement.execute("INSERT INTO items SELECT g, 'item ' || g" + (wideRows ? ", 'label ' || g" : "")
                        + " FROM generate_series(1, 5000) AS g");
                if (!indexed) {
                    statement.execute("ALTER TABLE items DROP CONSTRAINT items_pkey");
                }
                statement.execute("ANALYZE items");
            }
        }

        @DbBenchmark(warmups = 1, samples = 5, opsPerSample = 1)
        void sum(Connection db) throws SQLException {
            try (PreparedStatement sum = db.prepareStatement(
                    "SELECT sum(g::bigint * g) FROM generate_series(1, ?) AS g")) {
                sum.setInt(1, rows);
                try (ResultSet result = sum.executeQuery()) {
                    result.next();
                }
            }
            try (PreparedStatement range = db.prepareStatement("SELECT * FROM items WHERE id BETWEEN ? AND ?")) {
                range.setInt(1, 4001);
                range.setInt(2, 4050);
                try (ResultSet result = range.executeQuery()) {
                    while (result.next()) {
                        result.getString(2);
                    }
                }
            }
            if (extraStatement) {
                try (Statement count = db.createStatement();
                        ResultSet result = count.executeQuery("SELECT count(*) FROM items")) {
                    result.next();
                }
            }
            if (allocatedPerCall > 0) {
                kept = new byte[allocatedPerCall];
            }
        }
    }
}
