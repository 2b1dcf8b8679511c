package dev.dbbench.metric;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import dev.dbbench.spec.BenchmarkId;
import org.junit.jupiter.api.Test;

/** Every metric's message is written by one method: the metric says what it holds, not how it reads. */
class MetricMessageTest {

    private static final Path FILE = Path.of("baselines", "com.example.OrderBench.json");
    private static final Subject SUBJECT = new Subject(new BenchmarkId("com.example.OrderBench", "find",
            "postgres 17 embedded"), FILE, "2026-12-03T10:00:00Z",
            "mvn verify -Ddbbench.baseline=update", true, false, "", "timings gate here",
            new WorkCounts(List.of(), List.of(), List.of()), "mvn dbbench:compare");

    @Test
    void linesFindingsAndTheClosingLinesAreWrittenInOneLayout() {
        final String written = new MetricMessage("PLAN REGRESSION in OrderBench.find [postgres 17 embedded]")
                .line("why", "a plan changed")
                .finding("NEW_STATEMENT", "select 1", "Seq Scan on t\nFilter: x = 1")
                .closing(MetricMessage.Closing.BASELINE_AND_ACCEPT).write(SUBJECT);

        assertThat(written).isEqualTo("""
                dbbench: PLAN REGRESSION in OrderBench.find [postgres 17 embedded]
                  why          a plan changed
                  new statement      select 1
                    Seq Scan on t
                    Filter: x = 1
                  baseline     %s (recorded 2026-12-03T10:00:00Z)
                  accept       mvn verify -Ddbbench.baseline=update""".formatted(FILE));
    }

    @Test
    void aMissingValueClosesWithTheCommandThatRecordsItAndTheFileToCommit() {
        assertThat(new MetricMessage("OrderBench.find has no baseline").closing(MetricMessage.Closing.RECORD_AND_COMMIT)
                .write(SUBJECT)).endsWith("\n  record it    mvn verify -Ddbbench.baseline=update and commit " + FILE);
        assertThat(new MetricMessage("OrderBench.find has no baseline").write(SUBJECT))
                .isEqualTo("dbbench: OrderBench.find has no baseline");
    }
}
