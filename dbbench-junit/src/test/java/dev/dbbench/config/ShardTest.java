package dev.dbbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

import dev.dbbench.api.DbBenchConfigurationException;
import org.junit.jupiter.api.Test;

class ShardTest {

    @Test
    void everyClassIsInExactlyOneShardTheSameOnEveryJvm() {
        for (int i = 0; i < 200; i++) {
            final String name = "com.example.Bench" + i;
            assertThat(IntStream.rangeClosed(1, 4).filter(index -> new Shard(index, 4).includes(name)).count())
                    .isEqualTo(1);
        }
        // String.hashCode is fixed by the Java language (s[0]*31^(n-1) + ... + s[n-1]): 87340083 for this
        // name, worked out apart from Java, so this class is in shard 87340083 mod 4 + 1 = 4 on any JVM.
        assertThat(Shard.of("com.example.OrderBench", 4)).isEqualTo(4);
    }

    @Test
    void classesSpreadEvenlyEnoughOverTheShards() {
        final int[] counts = new int[4];
        IntStream.range(0, 400).forEach(i -> counts[Shard.of("com.example.orders.Scenario" + i + "Bench", 4) - 1]++);

        assertThat(IntStream.of(counts).boxed().toList()).allSatisfy(count -> assertThat(count).isBetween(70, 130));
    }

    @Test
    void theKeyTakesIOfN() {
        assertThat(settings("2/3").shard()).contains(new Shard(2, 3));
        assertThat(settings(" 1 / 1 ").shard()).contains(new Shard(1, 1));
        assertThat(settings(null).shard()).isEmpty();
    }

    @Test
    void anythingElseIsAnErrorNamingTheKeyAndWhatIsAllowed() {
        for (String bad : new String[] {"0/2", "3/2", "1", "a/b", "1/2/3", "-1/2", "1/0"}) {
            assertThatThrownBy(() -> settings(bad).shard()).isInstanceOf(DbBenchConfigurationException.class)
                    .hasMessage("configuration parameter dbbench.shard must be i/n with 1 <= i <= n, such as 2/4 but"
                            + " was '" + bad + "'");
        }
    }

    private static Settings settings(String shard) {
        final Map<String, String> parameters = shard == null ? Map.of() : Map.of("dbbench.shard", shard);
        return new Settings(new ConfigSource(key -> Optional.ofNullable(parameters.get(key)), name -> null,
                name -> null));
    }
}
