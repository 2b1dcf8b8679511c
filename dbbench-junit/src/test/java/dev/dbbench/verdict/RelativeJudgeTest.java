package dev.dbbench.verdict;

import static dev.dbbench.verdict.JudgeTest.lognormal;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

/** What an unclear {@code @ExpectFasterThan} says would settle it. */
class RelativeJudgeTest {

    private final RelativeJudge judge = new RelativeJudge(0.01);

    @Test
    void anIntervalThatStraddlesTheFactorSaysHowManySamplesWouldTell() {
        // Pairs whose ratios spread widely around 2.5x, judged against 1.2x: the median clears the
        // factor, the lower end of the interval does not.
        final double[] fast = lognormal(1, 1_000, 0.05, 15);
        final double[] ratios = lognormal(2, 2.5, 0.9, 15);
        final double[] slow = new double[fast.length];
        Arrays.setAll(slow, i -> fast[i] * ratios[i]);

        final ExpectationJudgement judgement = judge.judge(fast, slow, 1.2);

        assertThat(judgement.verdict()).isEqualTo(ExpectationVerdict.INCONCLUSIVE);
        assertThat(judgement.comparison().ratioLow()).isLessThan(1.2);
        assertThat(judgement.reason()).contains("the interval straddles the factor; about ")
                .endsWith(" samples per side would tell");
        final int needed = Integer.parseInt(judgement.reason().replaceAll(".*about (\\d+) samples.*", "$1"));
        assertThat(needed).isGreaterThan(15);
    }
}
