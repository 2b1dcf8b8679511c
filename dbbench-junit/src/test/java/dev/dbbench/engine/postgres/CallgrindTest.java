package dev.dbbench.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.junit.jupiter.api.Test;

/**
 * Reading callgrind's output, on two real marker dumps: valgrind 3.19's callgrind run on a small C
 * program ({@code work(1000); marker(); work(3000); marker();}) with {@code --collect-atstart=no
 * --toggle-collect=main --dump-before=marker}, as dbbench runs the server.
 */
class CallgrindTest {

    @Test
    void eachMarkerDumpHoldsTheWorkSinceTheLastOne() throws Exception {
        final Path dumps = resources();

        final long first = Callgrind.totals(Callgrind.dump(dumps, 23422, 1));
        final long second = Callgrind.totals(Callgrind.dump(dumps, 23422, 2));

        assertThat(first).isEqualTo(6008);
        assertThat(second).isEqualTo(18012);
        // Three times the loop, three times the instructions, to within the calls around it.
        assertThat((double) second / first).isCloseTo(3.0, offset(0.01));
    }

    @Test
    void theTotalsLineDecidesAndAFileWithoutOneIsAnError() {
        assertThat(Callgrind.totals(List.of("events: Ir", "summary: 42", "fn=(1) f", "0 42", "totals: 42")))
                .isEqualTo(42);
        assertThat(Callgrind.totals(List.of("events: Ir", "summary: 42"))).isEqualTo(42);
        assertThatThrownBy(() -> Callgrind.totals(List.of("events: Ir", "fn=(1) f")))
                .hasMessageContaining("without a totals line");
    }

    @Test
    void theServerRunsUnderCallgrindCountingOnlyTheBackendsOwnWorkAndDumpingAtTheMarker() {
        final List<String> wrapper = Callgrind.wrapper("valgrind", Path.of("out"));

        assertThat(wrapper).startsWith("valgrind", "--tool=callgrind", "--callgrind-out-file=out/cg.%p",
                "--collect-atstart=no");
        assertThat(wrapper).contains("--toggle-collect=PostgresMain", "--toggle-collect=pgstat_report_stat",
                "--dump-before=pg_notification_queue_usage");
        assertThat(Callgrind.MARKER).contains("pg_notification_queue_usage()");
        assertThat(Callgrind.settings(Map.of("work_mem", "8MB", "autovacuum", "on")))
                .containsEntry("work_mem", "8MB").containsEntry("autovacuum", "off")
                .containsEntry("max_parallel_workers_per_gather", "0");
    }

    @Test
    void aMissingValgrindHasNoVersion() {
        assertThat(Callgrind.version("/nonexistent/valgrind")).isEmpty();
    }

    @Test
    void theGuestPlatformNamesTheCLibraryAndTheCpuValgrindPresentsAndChangesWithWhatPicksRoutines()
            throws Exception {
        final List<String> diagnostics = Files.readAllLines(resources().resolve("loader-diagnostics.txt"));
        final String platform = Callgrind.platform(diagnostics);

        // Read under valgrind on an AMD host: valgrind presents an Intel Haswell-class CPU.
        assertThat(platform).matches("glibc 2\\.36, guest CPU haswell [0-9a-f]{8}");
        final List<String> otherHost = new ArrayList<>(diagnostics);
        otherHost.add("uname.nodename=\"another\"");
        assertThat(Callgrind.platform(otherHost)).isEqualTo(platform);
        assertThat(Callgrind.platform(changed(diagnostics, "x86.cpu_features.rep_movsb_threshold="))).isNotEqualTo(platform);
        assertThat(Callgrind.platform(changed(diagnostics, "x86.cpu_features.features[0x0].active[0x2]=")))
                .isNotEqualTo(platform);
        assertThat(Callgrind.platform(changed(diagnostics, "x86.cpu_features.preferred.Fast_Rep_String=")))
                .isNotEqualTo(platform);
        // What the host passes through without the library acting on it: the raw words, the model.
        assertThat(Callgrind.platform(changed(diagnostics, "x86.cpu_features.features[0x0].cpuid[0x2]=")))
                .isEqualTo(platform);
        assertThat(Callgrind.platform(changed(diagnostics, "x86.cpu_features.basic.stepping="))).isEqualTo(platform);
    }

    /** The diagnostics with the value of the one line starting with {@code key} changed. */
    private static List<String> changed(List<String> diagnostics, String key) {
        assertThat(diagnostics).filteredOn(line -> line.startsWith(key)).hasSize(1);
        return diagnostics.stream().map(line -> line.startsWith(key) ? line + "1" : line).toList();
    }

    private static Path resources() throws URISyntaxException {
        return Path.of(Objects.requireNonNull(CallgrindTest.class.getResource("callgrind/cg.23422.1")).toURI())
                .getParent();
    }
}
