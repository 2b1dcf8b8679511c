package dev.dbbench.junit;

import static dev.dbbench.junit.DbBenchmarkExtensionTest.failureMessage;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.IntFunction;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import dev.dbbench.text.Digests;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Baselines of several runs end to end: recording them, an unchanged body passing against them, a
 * client-side sleep as long as the query (2x, no more server work) failing against runs of this
 * machine and shown as information against runs of another, a single-run baseline judged by the
 * samples alone with a note, and which runs count as this machine's.
 */
class RecordedRunsTest {

    /** Whether {@link SleepCase#query} sleeps on the client as long as its query takes. */
    static final AtomicBoolean SLEEPS = new AtomicBoolean();

    private static final String KEY = "query [postgres 17 embedded]";
    private static final String COMPARE =
            "mvn dbbench:compare -Ddbbench.compare.benchmarks='RecordedRunsTest$SleepCase#query'";

    @TempDir
    Path temp;

    @Test
    void updateWithRunsRecordsEachRunBesideThePooledSamples() throws Exception {
        final FixtureRunner runner = recorded(3);

        final JsonNode time = entry(runner).get("time");
        assertThat(time.get("runs")).hasSize(3);
        assertThat(time.get("samples")).hasSize(3 * 10);
        for (JsonNode run : time.get("runs")) {
            assertThat(run.get("n").asInt()).isEqualTo(10);
            assertThat(run.get("median").asDouble()).isGreaterThan(15e6);
            assertThat(run.get("slices").asDouble()).isPositive();
            assertThat(run.get("machine").asText()).matches("[0-9a-f]{12}/[0-9a-f]{12}");
            assertThat(run.get("cpu").asText()).contains(" x");
        }
        assertThat(result(runner).get("note").asText())
                .startsWith("recorded 3 runs spread ±").contains("the timing gate catches >= ");
    }

    @Test
    void anUnchangedBodyPassesAgainstRecordedRunsAndTheReportShowsTheirSpread() throws Exception {
        final FixtureRunner runner = recorded(10);

        final EngineExecutionResults results = runner.run(SleepCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));
        final JsonNode result = result(runner);
        assertThat(result.get("verdict").asText()).isIn("PASS", "INCONCLUSIVE");
        assertThat(result.get("baselineRuns").asInt()).isEqualTo(10);
        assertThat(result.get("fence")).hasSize(2);
        assertThat(result.get("reason").asText()).doesNotContain("single-run baseline");
    }

    @Test
    void aClientSideSleepAsLongAsTheQueryFails() throws Exception {
        // Ten runs: the fence of few runs pays for how little they say about the spread.
        final FixtureRunner runner = recorded(10);

        SLEEPS.set(true);
        final EngineExecutionResults slowed = runner.run(SleepCase.class);

        slowed.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(failureMessage(slowed))
                .contains("REGRESSION in RecordedRunsTest$SleepCase.query [postgres 17 embedded]")
                .contains("and the runs' fence ")
                .contains("runs         baseline of 10 runs spread ±")
                .contains("the gate catches >= ");
    }

    @Test
    void aSingleRunBaselineIsJudgedByItsSamplesAloneAndSaysSo() throws Exception {
        final FixtureRunner runner = recorded(1);

        SLEEPS.set(true);
        final EngineExecutionResults slowed = runner.run(SleepCase.class);

        slowed.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(failureMessage(slowed))
                .contains("REGRESSION in RecordedRunsTest$SleepCase.query")
                .contains("single-run baseline: judged by its samples alone, no run-to-run fence")
                .contains("runs         single-run baseline: judged by its samples alone");
        assertThat(result(runner).get("baselineRuns").asInt()).isEqualTo(1);
        assertThat(result(runner).get("fence").isNull()).isTrue();
    }

    @Test
    void timingsRecordedBeforeRunsWereKeptNeverFailSinceNothingSaysWhichMachineTookThem() throws Exception {
        final FixtureRunner runner = recorded(1);
        edit(runner, entry -> ((ObjectNode) entry.get("time")).remove("runs"));

        SLEEPS.set(true);
        runner.run(SleepCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));

        final JsonNode result = result(runner);
        assertThat(result.get("verdict").asText()).isEqualTo("REGRESSION");
        assertThat(result.get("timing").get("reason").asText())
                .isEqualTo("the baseline's timings were recorded without saying on which machine; timings recorded"
                        + " elsewhere say nothing about how far this machine lands");
        assertThat(result.get("reason").asText()).contains("single-run baseline");
    }

    @Test
    void aTimeOnlyRegressionAgainstRunsOfAnotherMachineIsInformationNamingTheCompareGoal() throws Exception {
        final FixtureRunner runner = recorded(10);
        machines(runner, index -> "0123456789ab/ba9876543210");

        SLEEPS.set(true);
        final EngineExecutionResults slowed = runner.run(SleepCase.class);

        slowed.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));
        final JsonNode result = result(runner);
        assertThat(result.get("verdict").asText()).isIn("REGRESSION", "INCONCLUSIVE");
        assertThat(result.get("informed").asBoolean()).isTrue();
        assertThat(result.get("warned").asBoolean()).isFalse();
        assertThat(result.get("workCounts").get("state").asText()).isEqualTo("UNCHANGED");
        final String message = FixtureRunner.metric(result, "time").get("message").asText();
        assertThat(message)
                .contains("in RecordedRunsTest$SleepCase.query [postgres 17 embedded]")
                .contains("(information, not failed)")
                .contains("  counts       statements, round trips, bytes, writes, allocations, plans and sizes unchanged:"
                        + " the time moved on its own (this machine, or a wait outside the server's work)")
                .contains("  gate         reported, not failed, here: none of the baseline's 10 run(s) was recorded"
                        + " on this machine (they come from 1 other machine(s)")
                .contains("  settle       " + COMPARE);
        assertThat(result.get("compareCommand").asText()).isEqualTo(COMPARE);
    }

    @Test
    void runsOfTenOtherMachinesStillOnlyInform() throws Exception {
        final FixtureRunner runner = recorded(10);
        machines(runner, index -> String.format("%012x/%012x", index + 1, index + 1));

        SLEEPS.set(true);
        runner.run(SleepCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));

        final JsonNode result = result(runner);
        assertThat(result.get("timing").get("gates").asBoolean()).isFalse();
        assertThat(result.get("timing").get("reason").asText()).startsWith("none of the baseline's 10 run(s) was"
                + " recorded on this machine (they come from 10 other machine(s))");
    }

    @Test
    void idsOfAnEarlierDbbenchNeverCountAsThisMachine() throws Exception {
        final FixtureRunner runner = recorded(10);
        // What the earlier dbbench wrote here: a digest of this host's name alone, which other hosts share.
        final String legacy = Digests.sha256(Files.readString(Path.of("/proc/sys/kernel/hostname")).trim(), 6);
        machines(runner, index -> legacy);

        SLEEPS.set(true);
        runner.run(SleepCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));

        final JsonNode result = result(runner);
        assertThat(result.get("timing").get("gates").asBoolean()).isFalse();
        assertThat(result.get("timing").get("reason").asText()).contains("ids of an earlier dbbench");
    }

    @Test
    void runsOfANamedMachineGateWhereTheNameIsSetAndOnlyThere() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.NORMALIZE, "false")
                .with(ConfigKeys.RULER_MAX_DRIFT_PERCENT, "100000").with(ConfigKeys.MACHINE, "bench-runner-1");
        SLEEPS.set(false);
        runner.with(ConfigKeys.BASELINE_MODE, "update").with(ConfigKeys.BASELINE_RUNS, "10").run(SleepCase.class)
                .testEvents().assertStatistics(stats -> stats.succeeded(1));
        runner.with(ConfigKeys.BASELINE_MODE, "compare").with(ConfigKeys.BASELINE_RUNS, "1");
        assertThat(entry(runner).get("time").get("runs").get(0).get("machine").asText())
                .isEqualTo("name:bench-runner-1");

        SLEEPS.set(true);
        runner.run(SleepCase.class).testEvents().assertStatistics(stats -> stats.failed(1));
        runner.with(ConfigKeys.MACHINE, "bench-runner-2").run(SleepCase.class).testEvents()
                .assertStatistics(stats -> stats.succeeded(1).failed(0));
        assertThat(result(runner).get("informed").asBoolean()).isTrue();
    }

    /** Rewrites every recorded run's machine id, the {@code index}-th run's to {@code machine.apply(index)}. */
    private static void machines(FixtureRunner runner, IntFunction<String> machine) throws Exception {
        edit(runner, entry -> {
            final JsonNode runs = entry.get("time").get("runs");
            for (int i = 0; i < runs.size(); i++) {
                ((ObjectNode) runs.get(i)).put("machine", machine.apply(i));
            }
        });
    }

    /** Edits the fixture's baseline entry in place, as a file from elsewhere would differ. */
    private static void edit(FixtureRunner runner, Consumer<ObjectNode> change) throws Exception {
        final ObjectMapper mapper = new ObjectMapper();
        final Path file = runner.baselineFile(SleepCase.class);
        final ObjectNode recorded = (ObjectNode) mapper.readTree(file.toFile());
        change.accept((ObjectNode) recorded.get("benchmarks").get(KEY));
        mapper.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), recorded);
    }

    /**
     * Records the fixture's baseline with {@code runs} runs, its body unchanged. The body mostly waits,
     * so it is judged as docs/verdicts.md advises for such benchmarks: not divided by the CPU-bound ruler, and
     * not given up when the ruler moves (on a busy shared machine it moves by 2x).
     */
    private FixtureRunner recorded(int runs) {
        SLEEPS.set(false);
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.NORMALIZE, "false")
                .with(ConfigKeys.RULER_MAX_DRIFT_PERCENT, "100000");
        runner.with(ConfigKeys.BASELINE_MODE, "update").with(ConfigKeys.BASELINE_RUNS, Integer.toString(runs))
                .run(SleepCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));
        runner.with(ConfigKeys.BASELINE_MODE, "compare").with(ConfigKeys.BASELINE_RUNS, "1");
        return runner;
    }

    private static JsonNode entry(FixtureRunner runner) throws Exception {
        return new ObjectMapper().readTree(runner.baselineFile(SleepCase.class).toFile()).get("benchmarks").get(KEY);
    }

    private static JsonNode results(FixtureRunner runner) throws Exception {
        return new ObjectMapper().readTree(runner.reportDirectory().resolve("results.json").toFile());
    }

    private static JsonNode result(FixtureRunner runner) throws Exception {
        return results(runner).get("results").get(0);
    }

    @Postgres
    static class SleepCase {

        /**
         * A 15 ms query, and when {@link #SLEEPS} says so, a client-side sleep as long: twice the wall
         * time, the same server work. A query that waits keeps its length on a busy machine, where
         * scheduling delays of a few milliseconds would drown a short CPU-bound one; ten samples a run
         * keep a run's median where it is when a few of them catch such a delay.
         */
        @DbBenchmark(warmups = 1, samples = 10, opsPerSample = 1)
        void query(Connection db) throws SQLException, InterruptedException {
            try (Statement statement = db.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT pg_sleep(0.015)")) {
                rows.next();
            }
            if (SLEEPS.get()) {
                Thread.sleep(15);
            }
        }
    }
}
