package dev.dbbench.evaluate;

import dev.dbbench.verdict.ExpectationJudgement;

/**
 * The outcome of one {@code @ExpectFasterThan} on one engine target.
 *
 * @param benchmark the benchmark carrying the expectation, with its target, e.g. {@code findByBrandContainment [postgres 17 embedded]}
 * @param other the benchmark it must beat, with its target
 */
public record ExpectationResult(String benchmark, String other, ExpectationJudgement judgement, boolean fails,
        boolean warns) {
}
