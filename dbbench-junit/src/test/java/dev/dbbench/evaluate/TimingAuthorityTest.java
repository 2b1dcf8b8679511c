package dev.dbbench.evaluate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import dev.dbbench.env.MachineId;
import dev.dbbench.verdict.RecordedRun;
import org.junit.jupiter.api.Test;

/** When a baseline's timings may fail the build here: only when its runs include runs of this machine. */
class TimingAuthorityTest {

    private static final MachineId HERE = new MachineId("0123456789ab/ba9876543210");

    @Test
    void runsOfThisMachineGate() {
        final TimingAuthority authority = TimingAuthority.of(List.of(run("ffffffffffff/ffffffffffff"),
                run(HERE.stored()), run(HERE.stored())), HERE);

        assertThat(authority.gates()).isTrue();
        assertThat(authority.sentence()).isEqualTo("may fail the build here: the baseline's runs include 2 recorded"
                + " on this machine (0123456789ab/ba9876543210)");
    }

    @Test
    void runsOfThisMachineAfterOtherClassesInTheirJvmOnlyReport() {
        final RecordedRun alone = new RecordedRun(1_000, 15, Double.NaN, "2026-12-07T10:00:00Z", HERE.stored(), "x2",
                "0:00000000");

        final TimingAuthority later = TimingAuthority.of(List.of(alone), HERE, "2:3fa9c01e");
        final TimingAuthority same = TimingAuthority.of(List.of(alone), HERE, "0:00000000");
        final TimingAuthority unrecorded = TimingAuthority.of(List.of(run(HERE.stored())), HERE, "2:3fa9c01e");

        assertThat(later.gates()).isFalse();
        assertThat(later.reason()).isEqualTo("the baseline's 1 run(s) on this machine ran after other test classes in"
                + " their JVM (0 class(es) before it then, 2 class(es) now), and a class's timings move with what ran"
                + " before it; record the suite again as it runs now for time to decide here (mvn verify"
                + " -Ddbbench.baseline.mode=update)");
        assertThat(same.gates()).isTrue();
        // A baseline of an earlier version does not say what ran before it: it gates as it did.
        assertThat(unrecorded.gates()).isTrue();
    }

    @Test
    void runsOfAnotherMachineOrOfThisHostBeforeItsRebootOnlyReport() {
        final TimingAuthority other = TimingAuthority.of(List.of(run("ffffffffffff/ffffffffffff"),
                run("ffffffffffff/ffffffffffff"), run("0123456789ab/000000000000")), HERE);

        assertThat(other.gates()).isFalse();
        assertThat(other.sentence()).isEqualTo("reported, not failed, here: none of the baseline's 3 run(s) was"
                + " recorded on this machine (they come from 2 other machine(s)); timings recorded elsewhere say"
                + " nothing about how far this machine lands");
    }

    @Test
    void runsOfManyMachinesStillOnlyReportAndAReBootedHostIsOneMachine() {
        final List<RecordedRun> runs = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            runs.add(run(String.format("%012x/%012x", i, i)));
            // A second boot of the same host is not another machine.
            runs.add(run(String.format("%012x/%012x", i, i + 1000)));
        }

        final TimingAuthority authority = TimingAuthority.of(runs, HERE);

        assertThat(TimingAuthority.machines(runs)).isEqualTo(20);
        assertThat(authority.gates()).isFalse();
        assertThat(authority.reason()).startsWith("none of the baseline's 40 run(s) was recorded on this machine"
                + " (they come from 20 other machine(s))");
    }

    @Test
    void legacyIdsNeverMakeThisMachineAndKindsAreNotAddedUp() {
        final String legacy = "5bce98f73f3e";
        final TimingAuthority authority = TimingAuthority.of(List.of(run(legacy), run(legacy)), new MachineId(legacy));

        assertThat(authority.gates()).isFalse();
        assertThat(authority.reason()).contains("1 other machine(s), as far as ids of an earlier dbbench tell");
        final List<RecordedRun> mixed = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            mixed.add(run(String.format("%012x", i)));
            mixed.add(run(String.format("%012x/%012x", i, i)));
            mixed.add(run("name:runner-" + i));
        }
        assertThat(TimingAuthority.machines(mixed)).isEqualTo(5);
        assertThat(TimingAuthority.of(mixed, HERE).gates()).isFalse();
    }

    @Test
    void aNamedMachineGatesWhereverTheNameIsSet() {
        final List<RecordedRun> runs = List.of(run("name:bench-runner-1"), run("name:bench-runner-1"));

        assertThat(TimingAuthority.of(runs, MachineId.named("bench-runner-1")).gates()).isTrue();
        assertThat(TimingAuthority.of(runs, MachineId.named("bench-runner-2")).gates()).isFalse();
        assertThat(TimingAuthority.of(runs, HERE).gates()).isFalse();
    }

    @Test
    void runsOfUnknownMachinesNeitherGateNorCount() {
        final TimingAuthority authority = TimingAuthority.of(List.of(run("-"), run("-")), MachineId.UNKNOWN);

        assertThat(authority.gates()).isFalse();
        assertThat(TimingAuthority.machines(List.of(run("-")))).isZero();
        assertThat(TimingAuthority.of(List.of(), HERE).reason())
                .startsWith("the baseline's timings were recorded without saying on which machine");
    }

    private static RecordedRun run(String machine) {
        return new RecordedRun(1_000_000, 15, Double.NaN, "2026-12-05T00:00:00Z", machine, "AMD EPYC x2");
    }
}
