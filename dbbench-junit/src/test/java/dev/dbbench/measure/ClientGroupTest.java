package dev.dbbench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;

/** Client threads without a database: who calls, how often, what a sample reports, what a failure does. */
class ClientGroupTest {

    private static final Duration UNUSED = Duration.ofSeconds(10);

    @Test
    void eachClientMakesItsFixedCallsOnItsOwnThread() throws Throwable {
        final Set<String> threads = ConcurrentHashMap.newKeySet();
        final Operation call = () -> threads.add(Thread.currentThread().getName());

        try (ClientGroup group = new ClientGroup(List.of(call, call, call), "bench")) {
            final ClientGroup.Sample sample = group.run(50, UNUSED);

            assertThat(sample.calls()).isEqualTo(150);
            assertThat(sample.opsPerSecond()).isPositive();
        }
        assertThat(threads).containsExactlyInAnyOrder("bench client 1 of 3", "bench client 2 of 3",
                "bench client 3 of 3");
    }

    @Test
    void percentilesOfOneSampleRiseWithTheRankAndCoverTheSlowCalls() throws Throwable {
        // One call in 50 sleeps 2 ms: the p50 is a fast call, the p99 a slow one.
        final int[] count = new int[1];
        final Operation call = () -> {
            if (++count[0] % 50 == 0) {
                Thread.sleep(2);
            }
        };

        try (ClientGroup group = new ClientGroup(List.of(call), "bench")) {
            final ClientSamples samples = group.summary(new ClientGroup.Sample[] {group.run(500, UNUSED)});

            assertThat(samples.p50()[0]).isLessThan(1_000_000);
            assertThat(samples.p99()[0]).isGreaterThanOrEqualTo(2_000_000);
            assertThat(samples.p90()[0]).isBetween(samples.p50()[0], samples.p99()[0]);
            assertThat(samples.p999()[0]).isGreaterThanOrEqualTo(samples.p99()[0]);
        }
    }

    @Test
    void aTimedSampleLastsItsDurationAndCallsAtLeastOnce() throws Throwable {
        final Operation slow = () -> Thread.sleep(30);

        try (ClientGroup group = new ClientGroup(List.of(slow, slow), "bench")) {
            final long start = System.nanoTime();
            final ClientGroup.Sample sample = group.run(0, Duration.ofMillis(1));

            assertThat(sample.calls()).isEqualTo(2);
            assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(30_000_000);
        }
    }

    @Test
    void aFailingCallFailsTheSampleAndTheGroupRunsOn() throws Throwable {
        final boolean[] fail = {true};
        final Operation call = () -> {
            if (fail[0]) {
                throw new IllegalStateException("no connection");
            }
        };

        try (ClientGroup group = new ClientGroup(List.of(call), "bench")) {
            assertThatThrownBy(() -> group.run(5, UNUSED)).hasMessage("no connection");
            fail[0] = false;
            assertThat(group.run(5, UNUSED).calls()).isEqualTo(5);
        }
    }
}
