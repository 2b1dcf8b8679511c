package dev.dbbench.metric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.config.EnvironmentPolicy;
import dev.dbbench.config.Settings;
import dev.dbbench.measure.ClientSamples;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.PlanExpectations;
import dev.dbbench.spec.TimingRule;
import dev.dbbench.verdict.RecordedRun;
import dev.dbbench.verdict.Verdict;
import org.junit.jupiter.api.Test;

/** How throughput and latency are stored, read back, pooled and judged against a baseline's clients. */
class ClientMetricsTest {

    private static final Judging JUDGING = new Judging(EngineKind.POSTGRES, new TimingRule(25, 0.01, 3, 50, false, EnvironmentPolicy.WARN),
            PlanExpectations.NONE, new Settings.Tolerances(1, 1, 10), new TreeMap<>(), Optional.empty());

    private static Timings time(double... nanosPerCall) {
        return new Timings(2, 400, nanosPerCall, new TreeMap<>(Map.of("jvm", 1e6)),
                List.of(new RecordedRun(nanosPerCall[0], nanosPerCall.length, Double.NaN, "t", "m", "c")));
    }

    private static ClientSamples clients(int threads, double opsPerSecond, double p99) {
        final double[] ops = new double[8];
        final double[] p50 = new double[8];
        final double[] p90 = new double[8];
        final double[] p99s = new double[8];
        final double[] p999 = new double[8];
        for (int i = 0; i < 8; i++) {
            ops[i] = opsPerSecond + i * 10;
            p50[i] = p99 / 4;
            p90[i] = p99 / 2;
            p99s[i] = p99 + i * 1_000;
            p999[i] = p99 * 3;
        }
        return new ClientSamples(threads, ops, p50, p90, p99s, p999);
    }

    private static Timings eightSamples() {
        return time(100, 101, 102, 103, 104, 105, 106, 107);
    }

    @Test
    void throughputIsStoredInOpsPerSecondAndReadBack() {
        final ThroughputSamples throughput = ThroughputSamples.of(clients(4, 12_345.6, 900_000), eightSamples());

        final JsonNode json = Metrics.THROUGHPUT.write(throughput);

        assertThat(json.get("threads").asInt()).isEqualTo(4);
        assertThat(json.get("unit").asText()).isEqualTo("ops/s");
        assertThat(json.get("samples").get(0).asDouble()).isEqualTo(12_345.6);
        final ThroughputSamples read = Metrics.THROUGHPUT.read(json);
        assertThat(read.threads()).isEqualTo(4);
        assertThat(read.opsPerSecond()).containsExactly(throughput.opsPerSecond(), within(0.05));
        assertThat(Metrics.THROUGHPUT.write(read)).isEqualTo(json);
    }

    @Test
    void latencyKeepsEveryPercentileAndJudgesTheP99() {
        final LatencySamples latency = LatencySamples.of(clients(4, 1_000, 900_000), eightSamples());

        final JsonNode json = Metrics.LATENCY.write(latency);

        assertThat(json.fieldNames()).toIterable().containsExactly("threads", "p50", "p90", "p99", "p99.9");
        assertThat(json.get("p99").get("unit").asText()).isEqualTo("ns");
        assertThat(Metrics.LATENCY.read(json)).isEqualTo(latency);
        assertThat(latency.judged().nanosPerOp()).containsExactly(clients(4, 1_000, 900_000).p99());
    }

    @Test
    void aStoredClientCountOutsideTheAllowedRangeIsRejected() {
        final ObjectNode json = (ObjectNode) Metrics.LATENCY.write(LatencySamples.of(clients(4, 1_000, 900_000),
                eightSamples()));
        json.put("threads", 0);

        assertThatThrownBy(() -> Metrics.LATENCY.read(json)).isInstanceOf(InvalidValueException.class)
                .hasMessage("threads must be an integer from 1 to 256");
    }

    @Test
    void aRiseOfP99AndADropOfThroughputAreRegressions() {
        final Optional<ThroughputSamples> fast = Optional.of(ThroughputSamples.of(clients(4, 10_000, 1_000_000),
                eightSamples()));
        final Optional<LatencySamples> low = Optional.of(LatencySamples.of(clients(4, 10_000, 1_000_000),
                eightSamples()));

        final ClientSamples slowed = clients(4, 2_000, 5_000_000);

        assertThat(Metrics.THROUGHPUT.assess(ThroughputSamples.of(slowed, eightSamples()), fast, JUDGING).judgement()
                .verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(Metrics.LATENCY.assess(LatencySamples.of(slowed, eightSamples()), low, JUDGING).judgement()
                .verdict()).isEqualTo(Verdict.REGRESSION);
        final ClientSamples faster = clients(4, 50_000, 200_000);
        assertThat(Metrics.THROUGHPUT.assess(ThroughputSamples.of(faster, eightSamples()), fast, JUDGING).judgement()
                .verdict()).isEqualTo(Verdict.IMPROVEMENT);
    }

    @Test
    void aBaselineOfAnotherClientCountIsNotCompared() {
        final Optional<ThroughputSamples> twoClients = Optional.of(ThroughputSamples.of(clients(2, 10_000, 1_000_000),
                eightSamples()));

        final TimeAssessment assessment = Metrics.THROUGHPUT.assess(ThroughputSamples.of(clients(4, 2_000, 1_000_000),
                eightSamples()), twoClients, JUDGING);

        assertThat(assessment.judgement().verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(assessment.judgement().reason()).isEqualTo("the baseline ran 2 client threads and this run 4,"
                + " another load: not compared; record the baseline again");
    }

    @Test
    void runsOfOneClientCountPoolAndRunsOfDifferentCountsDoNot() {
        final ThroughputSamples first = ThroughputSamples.of(clients(4, 10_000, 1_000_000), eightSamples());
        final ThroughputSamples second = ThroughputSamples.of(clients(4, 11_000, 1_000_000), eightSamples());

        assertThat(Metrics.THROUGHPUT.pooled(List.of(first, second)).opsPerSecond()).hasSize(16);
        assertThat(Metrics.THROUGHPUT.pooled(List.of(first, second)).nanosPerCall().runs()).hasSize(2);
        final ThroughputSamples other = ThroughputSamples.of(clients(2, 10_000, 1_000_000), eightSamples());
        assertThatThrownBy(() -> Metrics.THROUGHPUT.pooled(List.of(first, other)))
                .hasMessage("runs of [4, 2] client threads cannot be pooled into one baseline");
    }
}
