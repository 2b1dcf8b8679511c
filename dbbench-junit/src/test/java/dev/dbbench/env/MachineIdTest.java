package dev.dbbench.env;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;

import org.junit.jupiter.api.Test;

/** Which stored machine ids say "this machine", and which count as one machine among several. */
class MachineIdTest {

    private static final MachineId BOOT = new MachineId("0123456789ab/ba9876543210");
    private static final MachineId LEGACY = new MachineId("5bce98f73f3e");

    @Test
    void thisHostIsItsHostAndItsBootUnlessTheTeamNamedIt() {
        final MachineId here = MachineId.here(Optional.empty());

        assertThat(here.kind()).isEqualTo(MachineId.Kind.BOOT);
        assertThat(here.stored()).matches("[0-9a-f]{12}/[0-9a-f]{12}");
        // The same boot of the same host is the same machine in every JVM.
        assertThat(MachineId.here(Optional.empty())).isEqualTo(here);
        assertThat(here.isSameMachineAs(new MachineId(here.stored()))).isTrue();
        assertThat(MachineId.here(Optional.of("bench-runner-1"))).isEqualTo(new MachineId("name:bench-runner-1"));
    }

    @Test
    void onlyTheSameNameOrTheSameBootOfTheSameHostIsTheSameMachine() {
        assertThat(BOOT.isSameMachineAs(new MachineId("0123456789ab/ba9876543210"))).isTrue();
        // The same host after a reboot, and another host of the same boot id half: other machines.
        assertThat(BOOT.isSameMachineAs(new MachineId("0123456789ab/000000000000"))).isFalse();
        assertThat(BOOT.isSameMachineAs(new MachineId("000000000000/ba9876543210"))).isFalse();
        assertThat(MachineId.named("runner").isSameMachineAs(MachineId.named("runner"))).isTrue();
        assertThat(MachineId.named("runner").isSameMachineAs(MachineId.named("runner-2"))).isFalse();
        assertThat(MachineId.named("runner").isSameMachineAs(BOOT)).isFalse();
    }

    @Test
    void legacyAndUnknownIdsAreNeverThisMachine() {
        assertThat(LEGACY.kind()).isEqualTo(MachineId.Kind.LEGACY);
        assertThat(LEGACY.isSameMachineAs(new MachineId("5bce98f73f3e"))).isFalse();
        assertThat(MachineId.UNKNOWN.kind()).isEqualTo(MachineId.Kind.UNKNOWN);
        assertThat(MachineId.UNKNOWN.isSameMachineAs(MachineId.UNKNOWN)).isFalse();
        assertThat(new MachineId("a host name").kind()).isEqualTo(MachineId.Kind.UNKNOWN);
        assertThat(new MachineId("name:").kind()).isEqualTo(MachineId.Kind.UNKNOWN);
    }

    @Test
    void machinesAreCountedByHostNotByBoot() {
        assertThat(BOOT.countedAs()).contains("0123456789ab");
        assertThat(new MachineId("0123456789ab/000000000000").countedAs()).isEqualTo(BOOT.countedAs());
        assertThat(LEGACY.countedAs()).contains("5bce98f73f3e");
        assertThat(MachineId.named("runner").countedAs()).contains("name:runner");
        assertThat(MachineId.UNKNOWN.countedAs()).isEmpty();
    }
}
