package dev.dbbench.metric;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

import dev.dbbench.config.EnvironmentPolicy;
import dev.dbbench.config.Settings;
import dev.dbbench.engine.ServerWrites;
import dev.dbbench.engine.Writes;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.PlanExpectations;
import dev.dbbench.spec.TimingRule;
import org.junit.jupiter.api.Test;

/**
 * Records autovacuum logged on the database during a call are not the call's: shown, never compared;
 * pages pruned on access are kept apart from the database's records.
 */
class WriteCountsAutovacuumTest {

    private static final Judging JUDGING = new Judging(EngineKind.POSTGRES, new TimingRule(25, 0.01, 3, 50, false, EnvironmentPolicy.WARN),
            PlanExpectations.NONE, new Settings.Tolerances(1, 1, 10), new TreeMap<>(Map.of()), Optional.empty());

    @Test
    void moreRecordsOnTheDatabaseFailUnlessAutovacuumWorkedMeanwhile() {
        final Writes before = writes(server(101, 1));
        final Writes after = writes(server(140, 2));

        assertThat(Metrics.WRITES.assess(after, Optional.of(before), JUDGING).findings()).extracting(Finding::detail)
                .contains("WAL records on the database per call (commits and COPY included) 101 -> 140",
                        "commit records per call 1 -> 2");
        assertThat(Metrics.WRITES.assess(writes(server(140, 2).withAutovacuum()), Optional.of(before), JUDGING)
                .findings()).isEmpty();
        // An entry recorded while autovacuum worked holds no figure to compare with either.
        assertThat(Metrics.WRITES.assess(after, Optional.of(writes(server(101, 1).withAutovacuum())), JUDGING)
                .findings()).isEmpty();
    }

    @Test
    void theMarkIsStoredOnlyWhereItIsSetAndReadBack() {
        final Writes marked = writes(server(140, 2).withAutovacuum());
        assertThat(Metrics.WRITES.write(marked).get("server").get("autovacuumMeanwhile").asBoolean()).isTrue();
        assertThat(Metrics.WRITES.read(Metrics.WRITES.write(marked))).isEqualTo(marked);
        assertThat(Metrics.WRITES.write(writes(server(101, 1))).get("server").has("autovacuumMeanwhile")).isFalse();
    }

    @Test
    void pagesPrunedOnAccessAreStoredOnlyWhereThereAreAnyAndReadBack() {
        final Writes pruned = writes(new ServerWrites(101, 1, 0, 3, ServerWrites.HintImages.NONE, 2,
                OptionalLong.empty(), OptionalLong.of(1), OptionalLong.of(0), false));

        assertThat(Metrics.WRITES.write(pruned).get("server").get("prunedOnAccessRecords").asLong()).isEqualTo(2);
        assertThat(Metrics.WRITES.read(Metrics.WRITES.write(pruned))).isEqualTo(pruned);
        assertThat(Metrics.WRITES.write(writes(server(101, 1))).get("server").has("prunedOnAccessRecords")).isFalse();
        assertThat(Metrics.WRITES.assess(pruned, Optional.of(writes(server(101, 1))), JUDGING).findings()).isEmpty();
    }

    private static ServerWrites server(long databaseRecords, long commits) {
        return new ServerWrites(databaseRecords, commits, 0, 3, ServerWrites.HintImages.NONE, 0, OptionalLong.empty(),
                OptionalLong.of(1), OptionalLong.of(0), false);
    }

    private static Writes writes(ServerWrites server) {
        return new Writes(100, 0, 6400, 2, 0, 0, 9000, Optional.of(server));
    }
}
