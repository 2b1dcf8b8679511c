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
