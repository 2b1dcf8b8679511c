package dev.dbbench.metric;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import dev.dbbench.config.EnvironmentPolicy;
import dev.dbbench.config.Settings;
import dev.dbbench.engine.CommandProfile;
import dev.dbbench.engine.Traffic;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.PlanExpectations;
import dev.dbbench.spec.TimingRule;
import org.junit.jupiter.api.Test;

/** The sentence every timing verdict carries about the work counts. */
class WorkCountsSentenceTest {

    private static final Judging JUDGING = new Judging(EngineKind.POSTGRES, new TimingRule(25, 0.01, 3, 50, false, EnvironmentPolicy.WARN),
            PlanExpectations.NONE, new Settings.Tolerances(1, 1, 10), new TreeMap<>(), Optional.empty());
    private static final Traffic FIFTY_ROUND_TRIPS = new Traffic(new TreeMap<>(Map.of("SELECT 1", 50L)), 50, 0, 2_000,
            14_000);
    private static final double[] ALLOCATED = {160_000, 161_000, 159_000};

    @Test
    void countsThatHeldSayTheTimeMovedOnItsOwn() {
        final WorkCounts counts = WorkCounts.of(results(instructions(2_813_651, 2_812_685),
                traffic(FIFTY_ROUND_TRIPS, FIFTY_ROUND_TRIPS), allocations(ALLOCATED)), "statements");

        assertThat(counts.state()).isEqualTo(WorkCounts.State.UNCHANGED);
        assertThat(counts.vouch()).isTrue();
        assertThat(counts.sentence(true)).isEqualTo("instructions, statements, round trips, bytes and allocations"
                + " unchanged: the time moved on its own (this machine, or a wait outside the server's work)");
        assertThat(counts.sentence(false)).isEqualTo("instructions, statements, round trips, bytes and allocations"
                + " unchanged");
    }

    @Test
    void aCountThatMovedIsNamedWithItsChange() {
        final Traffic oneMore = new Traffic(new TreeMap<>(Map.of("SELECT 1", 51L)), 51, 0, 2_040, 14_280);

        final WorkCounts counts = WorkCounts.of(results(traffic(FIFTY_ROUND_TRIPS, oneMore), allocations(ALLOCATED)),
                "statements");

        assertThat(counts.state()).isEqualTo(WorkCounts.State.MOVED);
        assertThat(counts.vouch()).isFalse();
        assertThat(counts.sentence(true)).isEqualTo("statements, round trips and bytes (executions per call 50 -> 51"
                + " in SELECT 1) moved; allocations unchanged: the time may have moved with the work");
    }

    @Test
    void anEmulatorsCommandsAreCountsButItsServerWorkIsSaidNotCounted() {
        final CommandProfile commands = new CommandProfile(List.of(new CommandProfile.Command("find products {}", 1, "",
                0, 0, 0, List.of(), List.of())), false, 1);
        final WorkCounts counts = WorkCounts.of(results(traffic(FIFTY_ROUND_TRIPS, FIFTY_ROUND_TRIPS),
                new MetricResult<>(Metrics.COMMAND_PLANS, commands, Optional.of(commands),
                        Metrics.COMMAND_PLANS.assess(commands, Optional.of(commands), JUDGING))), "commands");

        assertThat(counts.sentence(false)).isEqualTo("commands, round trips and bytes unchanged (not compared: plans and"
                + " documents examined (the server kept no profile: the emulator has none; a real server, in containers"
                + " or your own, counts them))");
    }

    @Test
    void countsThatCouldNotBeComparedVouchForNothingAndSayWhy() {
        final InstructionCounts otherBuild = new InstructionCounts(2_812_685, new TreeMap<>(), 5, 3, "another build");

        final WorkCounts none = WorkCounts.of(results(), "commands");
        final WorkCounts partly = WorkCounts.of(results(new MetricResult<>(Metrics.INSTRUCTIONS, otherBuild,
                Optional.of(counted(2_813_651)), Metrics.INSTRUCTIONS.assess(otherBuild,
                Optional.of(counted(2_813_651)), JUDGING)), traffic(FIFTY_ROUND_TRIPS, FIFTY_ROUND_TRIPS)), "commands");

        assertThat(none.state()).isEqualTo(WorkCounts.State.UNCOMPARED);
        assertThat(none.sentence(true)).isEqualTo("no work counts compared with the baseline: only the time says"
                + " whether the work changed");
        assertThat(partly.state()).isEqualTo(WorkCounts.State.UNCHANGED);
        assertThat(partly.sentence(true)).isEqualTo("commands, round trips and bytes unchanged: the time moved on its"
                + " own (this machine, or a wait outside the server's work) (not compared: instructions (counted by"
                + " another build))");
    }

    private static MetricResults results(MetricResult<?, ?>... results) {
        return new MetricResults(List.of(results));
    }

    private static MetricResult<?, ?> instructions(long before, long after) {
        return MetricResult.judge(Metrics.INSTRUCTIONS, counted(after), Optional.of(counted(before)), JUDGING);
    }

    private static InstructionCounts counted(long perOp) {
        return new InstructionCounts(perOp, new TreeMap<>(), 5, 3, "callgrind valgrind-3.19.0");
    }

    private static MetricResult<?, ?> traffic(Traffic before, Traffic after) {
        return MetricResult.judge(Metrics.TRAFFIC, after, Optional.of(before), JUDGING);
    }

    private static MetricResult<?, ?> allocations(double[] bytes) {
        return MetricResult.judge(Metrics.ALLOCATIONS, bytes, Optional.of(bytes), JUDGING);
    }
}
