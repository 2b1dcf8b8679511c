package dev.dbbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.api.Growth;
import dev.dbbench.evaluate.BenchmarkResult;
import dev.dbbench.evaluate.ScalingResult;
import dev.dbbench.verdict.ScalingJudge;
import org.junit.jupiter.api.Test;

/** {@code results.json} as the codec of the report model: what a run wrote reads back as the same model. */
class ResultJsonTest {

    @Test
    void aResultReadBackFromItsJsonEqualsTheOneRenderedFromTheRun() {
        final List<BenchmarkResult> results = new ArrayList<>(SyntheticResults.generate(40, 17));
        results.add(ResultFixtures.regression());
        results.add(ResultFixtures.withInstructionProfiles(ResultFixtures.regression()));
        results.add(ResultFixtures.newBenchmark(ResultFixtures.RECORDS));
        results.add(ResultFixtures.withScaling(ResultFixtures.pass(), new ScalingResult("findById [postgres 16 embedded]",
                ScalingJudge.judge(Growth.LOGARITHMIC, "rows", List.of(1_000L, 10_000L, 100_000L),
                        List.of(new ScalingJudge.Count("shared blocks", List.of(16L, 105L, 843L), 0))), true, false)));

        for (BenchmarkResult result : results) {
            final ReportedResult rendered = ReportedResult.of(result);
            final ObjectNode json = ResultJson.write(rendered);
            final ReportedResult read = ResultJson.read(json, "results[0]");

            assertThat(read).as(result.id().qualifiedName()).isEqualTo(rendered);
            assertThat(ResultJson.write(read)).isEqualTo(json);
        }
    }

    @Test
    void aResultOfAnEarlierVersionWithoutTimingOrInformationLoadsAndIsWrittenBackWithoutThem() {
        final ObjectNode older = ResultJson.write(ReportedResult.of(ResultFixtures.regression()));
        older.remove(List.of("informed", "timing", "workCounts", "compareCommand"));

        final ReportedResult read = ResultJson.read(older, "results[0]");

        assertThat(read.timing()).isEmpty();
        assertThat(read.informed()).isFalse();
        assertThat(read.failed()).isTrue();
        final ObjectNode written = ResultJson.write(read);
        assertThat(written.has("timing")).isFalse();
        assertThat(written.get("informed").asBoolean()).isFalse();
        assertThat(written.get("samples")).isEqualTo(older.get("samples"));
    }
}
