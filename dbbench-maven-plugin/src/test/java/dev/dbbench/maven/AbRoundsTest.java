package dev.dbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class AbRoundsTest {

    @Test
    void roundsRunInAbbaOrderSoEachPairHoldsOneRoundOfEachSide() {
        assertThat(IntStream.range(0, 8).mapToObj(AbRounds::side).map(AbRounds.Side::label))
                .containsExactly("base", "head", "head", "base", "base", "head", "head", "base");
    }
}
