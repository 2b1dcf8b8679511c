package dev.dbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbbench.verdict.Verdict;
import org.junit.jupiter.api.Test;

class PairedRuleTest {

    private static final PairedRule DEFAULT = new PairedRule(0.01, 25);
    private static final double[] BASE = {1.0, 1.6, 1.1, 0.9, 1.7, 1.0, 1.2};

    @Test
    void theDefaultAlphaNeedsSevenPairs() {
        assertThat(DEFAULT.pairsNeeded()).isEqualTo(7);
        assertThat(new PairedRule(0.05, 25).pairsNeeded()).isEqualTo(5);
    }

    @Test
    void theDefaultRoundsTolerateOneOutlyingPair() {
        assertThat(DEFAULT.pairsToleratingOneOutlier()).isEqualTo(11);
        assertThat(new PairedRule(0.05, 25).pairsToleratingOneOutlier()).isEqualTo(8);
        final double[] base = {1.0, 1.6, 1.1, 0.9, 1.7, 1.0, 1.2, 1.1, 1.0, 1.3, 1.0};
        // The third pair's base round ran through a burst of load: twice its speed, like the head's.
        final double[] head = {2.1, 3.1, 2.2, 1.7, 3.5, 2.0, 2.5, 2.2, 2.1, 2.5, 2.0};
        base[2] = 2.2;

        assertThat(DEFAULT.judge(head, base).verdict()).isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void everyPairTwiceAsSlowIsAConfirmedSlowdownWhateverModeEachJvmSettledIn() {
        final double[] head = {2.1, 3.1, 2.3, 1.7, 3.5, 2.0, 2.5};

        final PairedRule.Judgement judgement = DEFAULT.judge(head, BASE);

        assertThat(judgement.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(judgement.fails()).isTrue();
        assertThat(judgement.comparison().ratioLow()).isGreaterThan(1.25);
        assertThat(judgement.reason()).contains("over 7 round pairs").contains("head is slower than base");
    }

    @Test
    void oneJvmInTheOtherModeLeavesASlowdownInconclusiveNotFailed() {
        // The second head JVM landed in the fast mode while its base ran slow: 1.7 / 1.6.
        final double[] head = {2.1, 1.7, 2.3, 1.7, 3.5, 2.0, 2.5};

        final PairedRule.Judgement judgement = DEFAULT.judge(head, BASE);

        assertThat(judgement.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(judgement.fails()).isFalse();
        assertThat(judgement.reason()).contains("-Ddbbench.compare.rounds");
    }

    @Test
    void unchangedCodeWithBimodalJvmsPassesOrStaysInconclusive() {
        final double[] head = {1.6, 1.0, 1.7, 1.0, 1.0, 1.6, 1.2};

        final PairedRule.Judgement judgement = DEFAULT.judge(head, BASE);

        assertThat(judgement.fails()).isFalse();
        assertThat(judgement.ratios()).hasSize(7);
    }

    @Test
    void pairsWithinTheThresholdPassAndClearlyFasterOnesAreAnImprovement() {
        final double[] same = {1.05, 1.62, 1.1, 0.95, 1.75, 0.98, 1.22};
        final double[] faster = {0.5, 0.8, 0.55, 0.45, 0.85, 0.5, 0.6};

        assertThat(DEFAULT.judge(same, BASE).verdict()).isEqualTo(Verdict.PASS);
        assertThat(DEFAULT.judge(faster, BASE).verdict()).isEqualTo(Verdict.IMPROVEMENT);
    }
}
