package dev.dbbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.text.Figures;
import org.junit.jupiter.api.Test;

class ConsoleTableTest {

    private static final List<String> HEADER = List.of("benchmark", "engine", "median", "baseline", "ratio", "interval",
            "p", "cv", "runs", "detects", "verdict");

    @Test
    void rowsShowNameEngineMediansRatioAndVerdict() {
        final List<String> lines = render(ResultFixtures.regression(), ResultFixtures.pass());

        assertThat(lines).hasSize(5);
        assertCells(lines.get(1), expectedRegressionRow());
        assertThat(lines.get(2)).startsWith("CustomerBench.findById").contains("45.6 µs", "44.0 µs", "1.04x")
                .endsWith("PASS");
        assertThat(lines.subList(3, 5)).containsExactly("failed, largest move first:",
                "      1.30x  OrderBench.findByCustomer [postgres 17 embedded]: time REGRESSION");
    }

    @Test
    void failuresAreListedByHowFarTheyMovedLargestFirst() {
        final Report report = Report.of(SyntheticResults.generate(60, 5), Instant.parse("2026-12-03T10:00:00Z"));
        final List<String> lines = new ConsoleTable().render(report).lines().toList();

        final List<String> failures = lines.subList(lines.indexOf("failed, largest move first:") + 1, lines.size());
        assertThat(failures).hasSize(report.failed().size());
        final List<Double> moves = report.failed().stream().map(result -> result.move().orElse(0))
                .sorted((a, b) -> Double.compare(b, a)).toList();
        for (int i = 0; i < failures.size(); i++) {
            final String move = failures.get(i).strip().split(" ")[0];
            assertThat(move).as(failures.get(i)).isEqualTo(moves.get(i) == 0 ? "-"
                    : Figures.ratio(moves.get(i)));
        }
    }

    @Test
    void verdictColumnMarksFailedAndRecordedBenchmarks() {
        final List<String> lines = render(ResultFixtures.regression(),
                ResultFixtures.newBenchmark(ResultFixtures.RECORDS), ResultFixtures.newBenchmark(ResultFixtures.FAILS),
                ResultFixtures.pass());

        assertThat(lines.get(1)).endsWith("REGRESSION (failed)");
        assertThat(lines.get(2)).endsWith("NEW (recorded)");
        assertThat(lines.get(3)).endsWith("NEW (failed)");
        // A benchmark that neither failed nor wrote anything carries no marker.
        assertThat(lines.get(4)).endsWith("PASS").doesNotContain("(");
    }

    @Test
    void missingBaselineShowsDashesForBaselineAndRatio() {
        final List<String> lines = render(ResultFixtures.newBenchmark(ResultFixtures.RECORDS));

        assertCells(lines.get(1), newRow());
    }

    @Test
    void columnsAreAlignedNamesLeftNumbersRight() {
        final List<List<String>> rows = List.of(
                HEADER,
                expectedRegressionRow(),
                newRow(),
                List.of("CustomerBench.findById", "postgres 16 embedded", "45.6 µs", "44.0 µs", "1.04x", "1.01x-1.06x",
                        "0.0040", "4.6%", "1", "1.25x", "PASS"));
        final List<String> lines = render(ResultFixtures.regression(),
                ResultFixtures.newBenchmark(ResultFixtures.RECORDS), ResultFixtures.pass());
        // The table, then the failure it lists by how far it moved.
        assertThat(lines).hasSize(rows.size() + 2);

        final int[][] spans = new int[rows.size()][];
        for (int i = 0; i < rows.size(); i++) {
            spans[i] = assertCells(lines.get(i), rows.get(i));
        }
        for (int i = 1; i < rows.size(); i++) {
            // Name columns (benchmark, engine, verdict) start together; every figure column ends together.
            assertThat(spans[i][0]).as("benchmark start, line %d", i).isZero();
            assertThat(spans[i][2]).as("engine start, line %d", i).isEqualTo(spans[0][2]);
            for (int column = 2; column <= 9; column++) {
                assertThat(spans[i][2 * column + 1]).as("end of %s, line %d", HEADER.get(column), i)
                        .isEqualTo(spans[0][2 * column + 1]);
            }
            assertThat(spans[i][20]).as("verdict start, line %d", i).isEqualTo(spans[0][20]);
        }
    }

    @Test
    void columnsAreSeparatedByAtLeastTwoSpacesAndLinesHaveNoTrailingBlanks() {
        final List<String> lines = render(ResultFixtures.regression(),
                ResultFixtures.newBenchmark(ResultFixtures.RECORDS), ResultFixtures.pass());

        assertThat(lines).allSatisfy(line -> assertThat(line).doesNotEndWith(" "));
        // The widest benchmark name still leaves a gap before the engine column.
        assertThat(lines.get(1)).startsWith("OrderBench.findByCustomer  postgres 17 embedded");
    }

    @Test
    void emptyRunRendersOnlyTheHeader() {
        assertThat(new ConsoleTable().render(List.of()))
                .isEqualTo("benchmark  engine  median  baseline  ratio  interval  p  cv  runs  detects  verdict\n");
    }

    private static List<String> expectedRegressionRow() {
        return List.of("OrderBench.findByCustomer", "postgres 17 embedded", "130 µs", "100 µs", "1.30x", "1.26x-1.35x",
                "1.2e-06", "5.0%", "1", "1.28x", "REGRESSION (failed)");
    }

    private static List<String> newRow() {
        return List.of("OrderBench.insertOrder", "postgres 17 embedded", "1.23 ms", "-", "-", "-", "-", "4.0%", "-",
                "-", "NEW (recorded)");
    }

    private static List<String> render(BenchmarkResult... results) {
        final String text = new ConsoleTable().render(List.of(results));
        assertThat(text).endsWith("\n");
        return text.lines().toList();
    }

    /**
     * Where each expected cell sits in a line, as {start0, end0, start1, end1, ...}; fails unless the
     * cells appear in order separated only by spaces, so a misplaced or missing cell is caught here.
     */
    private static int[] assertCells(String line, List<String> expected) {
        final int[] spans = new int[expected.size() * 2];
        int position = 0;
        for (int i = 0; i < expected.size(); i++) {
            final int start = line.indexOf(expected.get(i), position);
            assertThat(start).as("cell '%s' in line '%s'", expected.get(i), line).isGreaterThanOrEqualTo(position);
            assertThat(line.substring(position, start)).as("gap before '%s' in '%s'", expected.get(i), line).isBlank();
            spans[2 * i] = start;
            spans[2 * i + 1] = start + expected.get(i).length();
            position = spans[2 * i + 1];
        }
        assertThat(line.substring(position)).as("end of line '%s'", line).isEmpty();
        return spans;
    }
}
