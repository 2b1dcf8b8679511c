package dev.dbbench.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.dbbench.engine.InstructionCounting.FunctionCost;
import org.junit.jupiter.api.Test;

/**
 * Reading a dump function by function: on a real marker dump of valgrind 3.19's callgrind (a small C
 * program, {@code main} calling {@code work(3000)} and {@code marker()}), and on lines written to
 * show each rule of the format.
 */
class CallgrindProfileTest {

    @Test
    void aRealDumpGivesEachFunctionsSelfAndInclusiveInstructionsNamesResolvedFromTheirIds() throws Exception {
        final Path dump = Path.of(Objects.requireNonNull(CallgrindProfileTest.class.getResource("callgrind/cg.23422.2"))
                .toURI());

        final Map<String, FunctionCost> functions = CallgrindProfile.read(Files.readAllLines(dump));

        // work and marker are named once, in main's cfn= lines, and their own blocks say fn=(538), fn=(540).
        assertThat(functions.get("work")).isEqualTo(new FunctionCost(18005, 18005));
        assertThat(functions.get("marker")).isEqualTo(new FunctionCost(4, 4));
        assertThat(functions.get("main")).isEqualTo(new FunctionCost(3, 18012));
        // The frames above main ran nothing of their own while counting was on (it was switched on in
        // main): their inclusive figures would only repeat main's, and "(below main)" is one name of two.
        assertThat(functions).doesNotContainKeys("__libc_start_main@@GLIBC_2.34", "(below main)",
                "0x000000000001ab70");
        // The self instructions add up to the dump's total.
        assertThat(functions.values().stream().mapToLong(FunctionCost::self).sum())
                .isEqualTo(Callgrind.totals(dump));
    }

    @Test
    void relativeAndRepeatedPositionsSeveralEventsAndCallsToItselfAreRead() {
        final Map<String, FunctionCost> functions = CallgrindProfile.read(List.of(
                "positions: instr line", "events: Dr Ir", "summary: 0 139",
                "fn=(1) ExecNestLoop",
                "0x10 12 5 100",
                "+4 +1 1 20",
                "* * 0 5",
                "-2 -1 3",
                "cfn=(2) ExecInterpExpr",
                "calls=7 0x40 30",
                "+3 * 9 40",
                "cfn=(1)",
                "calls=1 0x10 12",
                "+1 +1 0 77",
                "fn=(2)",
                "0x40 30 2 12",
                "fn=(3) ExecMaterial",
                "0x80 90 1",
                "fn=(4) qsort_tuple",
                "0x90 1 0 10",
                "cfn=(5) qsort_tuple'2",
                "calls=1 0x90",
                "+1 +1 0 30",
                "fn=(5)",
                "0x90 1 0 30",
                "totals: 0 189"));

        // Self: 100 + 20 + 5, and a cost line without its Ir figure counts zero (so ExecMaterial spent nothing).
        assertThat(functions.get("ExecNestLoop")).isEqualTo(new FunctionCost(125, 165));
        assertThat(functions.get("ExecInterpExpr")).isEqualTo(new FunctionCost(12, 12));
        assertThat(functions).doesNotContainKey("ExecMaterial");
        // A deeper level of a recursion is the same function: its work is counted once.
        assertThat(functions.get("qsort_tuple")).isEqualTo(new FunctionCost(40, 40));
        assertThat(functions).doesNotContainKey("qsort_tuple'2");
    }

    @Test
    void aDumpWithoutInstructionCountsIsAnError() {
        assertThatThrownBy(() -> CallgrindProfile.read(List.of("events: Dr Dw", "fn=(1) f", "0 1 2")))
                .hasMessageContaining("without instruction counts");
    }

    @Test
    void aMarkersFunctionsAreTakenOutAndTheMedianOfSegmentsIsPerFunction() {
        final Map<String, FunctionCost> marker = FunctionCost.median(List.of(
                Map.of("exec_simple_query", new FunctionCost(10, 500)),
                Map.of("exec_simple_query", new FunctionCost(12, 520)),
                Map.of("exec_simple_query", new FunctionCost(11, 510), "pgstat_flush", new FunctionCost(3, 3))));
        assertThat(marker).containsEntry("exec_simple_query", new FunctionCost(11, 510))
                .containsEntry("pgstat_flush", new FunctionCost(0, 0));

        final Map<String, FunctionCost> statement = CallgrindProfile.less(Map.of(
                "exec_simple_query", new FunctionCost(11, 9_510), "ExecSort", new FunctionCost(400, 7_000),
                "pgstat_flush", new FunctionCost(0, 0)), marker);

        assertThat(statement).containsOnly(Map.entry("exec_simple_query", new FunctionCost(0, 9_000)),
                Map.entry("ExecSort", new FunctionCost(400, 7_000)));
    }
}
