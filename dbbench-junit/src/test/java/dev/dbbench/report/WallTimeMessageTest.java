package dev.dbbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;

import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.verdict.EnvironmentChange;
import dev.dbbench.verdict.Judgement;
import org.junit.jupiter.api.Test;

class WallTimeMessageTest {

    @Test
    void regressionMessageStatesEverythingNeededToActOnIt() {
        final List<String> lines = ResultFixtures.timeMessage(ResultFixtures.regression()).lines().toList();

        // Compared line by line so the test speaks for the message a user reads in the build log.
        assertThat(lines).containsExactly(
                "dbbench: REGRESSION in OrderBench.findByCustomer [postgres 17 embedded]: median 1.30x the baseline's,"
                        + " threshold +25%",
                "  why          median 1.30x the baseline's, beyond +25%, p = 1.2e-06, interval [1.26x, 1.35x]",
                "  counts       no work counts compared with the baseline: only the time says whether the work changed",
                "  gate         may fail the build here: the baseline's runs include 10 recorded on this machine"
                        + " (name:bench-runner)",
                "  settle       mvn dbbench:compare -Ddbbench.compare.benchmarks='OrderBench#findByCustomer'"
                        + " (base and head alternately, each in a fresh JVM and server, on this runner)",
                "  median       100 µs -> 130 µs  (1.30x, 98.0% interval 1.26x to 1.35x, p = 1.2e-06)",
                "  p90          110 µs -> 150 µs",
                "  noise        MAD 1.50 µs -> 2.00 µs, CV 5.0% -> 5.0%; smallest detectable slowdown 1.28x",
                "  runs         single-run baseline: judged by its samples alone; record several runs with"
                        + " -Ddbbench.baseline.runs=N for a fence from their spread",
                "  machine      speed ruler 1.02x the baseline run's (timings not normalized, dbbench.normalize=false)",
                "  samples      15 x 100 op(s) after 5 warm-up(s); baseline 15 samples",
                "  environment  engine.version 17.5 -> 17.6",
                "  baseline     " + ResultFixtures.BASELINE_FILE + " (recorded 2025-01-02T03:04:05Z)",
                "  accept       mvn dbbench:accept -Ddbbench.accept.benchmarks='OrderBench#findByCustomer'");
    }

    @Test
    void regressionMessageEndsWithoutATrailingNewline() {
        // Assertion failures print the message as is; a trailing blank line would split the log entry.
        assertThat(ResultFixtures.timeMessage(ResultFixtures.regression())).doesNotEndWith("\n").endsWith("#findByCustomer'");
    }

    @Test
    void serverCpuIsShownWithItsShareOfWallTimeAndTheBaselines() {
        final double[] current = {52_000, 51_000, 53_000};

        assertThat(ResultFixtures.timeMessage(ResultFixtures.withServerCpu(ResultFixtures.regression(), current,
                Optional.of(new double[] {50_000, 50_000, 50_000}))))
                .contains("  server CPU   50.0 µs -> 52.0 µs (40.0% of wall)\n  machine");
        assertThat(ResultFixtures.timeMessage(ResultFixtures.withServerCpu(ResultFixtures.regression(), current,
                Optional.empty())))
                .contains("  server CPU   52.0 µs (40.0% of wall); the baseline has no server CPU reading");
        assertThat(ResultFixtures.timeMessage(ResultFixtures.regression())).doesNotContain("server CPU");
    }

    @Test
    void unchangedEnvironmentIsSaidToBeTheSame() {
        final BenchmarkResult result = ResultFixtures.withJudgement(ResultFixtures.regression(),
                changes(ResultFixtures.regression().time().assessment().judgement(), List.of()));

        assertThat(ResultFixtures.timeMessage(result)).contains("  environment  same as the baseline's run");
    }

    @Test
    void everyEnvironmentChangeIsListed() {
        final BenchmarkResult result = ResultFixtures.withJudgement(ResultFixtures.regression(),
                changes(ResultFixtures.regression().time().assessment().judgement(), List.of(
                        new EnvironmentChange("cpu.count", "8", "-"),
                        new EnvironmentChange("engine.version", "17.5", "17.6"),
                        new EnvironmentChange("java.version", "-", "21"))));

        assertThat(ResultFixtures.timeMessage(result))
                .contains("  environment  cpu.count 8 -> -; engine.version 17.5 -> 17.6; java.version - -> 21");
    }

    @Test
    void missingBaselineUnderCiSaysHowToRecordIt() {
        final List<String> lines = ResultFixtures.timeMessage(ResultFixtures.newBenchmark(ResultFixtures.FAILS))
                .lines().toList();

        assertThat(lines).containsExactly(
                "dbbench: OrderBench.insertOrder [postgres 17 embedded] has no baseline in "
                        + ResultFixtures.BASELINE_FILE + ", and dbbench.baseline.missing=fail (the default when CI=true).",
                "  measured     median 1.23 ms, p90 1.40 ms",
                "  record it    mvn dbbench:accept -Ddbbench.accept.benchmarks='OrderBench#insertOrder'"
                        + " and commit " + ResultFixtures.BASELINE_FILE);
    }

    private static Judgement changes(Judgement judgement, List<EnvironmentChange> changes) {
        return new Judgement(judgement.verdict(), judgement.current(), judgement.baseline(), judgement.comparison(),
                judgement.rule(), judgement.rulerRatio(), judgement.minimumDetectableRatio(), judgement.reason(), changes,
                judgement.firstPass());
    }
}
