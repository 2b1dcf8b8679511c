package dev.dbbench.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BackendCpuProbeTest {

    @Test
    void cpuTimeIsTheFirstOfSchedstatsThreeFields() {
        // Linux writes: time on the CPU (ns), time waiting on a run queue (ns), timeslices run.
        assertThat(BackendCpuProbe.parse("48213305 1250034 37\n")).isEqualTo(48_213_305L);
        assertThat(BackendCpuProbe.parse("7")).isEqualTo(7L);
    }

    @Test
    void unreadableContentNamesTheFileAndWhatItHeld() {
        assertThatThrownBy(() -> BackendCpuProbe.parse("not a number"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("unreadable /proc/self/schedstat from the server: \"not a number\"");
    }
}
