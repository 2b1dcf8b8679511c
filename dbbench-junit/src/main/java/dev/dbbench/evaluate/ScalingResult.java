package dev.dbbench.evaluate;

import dev.dbbench.verdict.ScalingJudgement;

/**
 * The outcome of one {@code @ExpectScaling} on one engine target, across every value of the
 * benchmark's parameter.
 *
 * @param benchmark the benchmark on its target, without a value: {@code findByBrand [postgres 17 embedded]}
 */
public record ScalingResult(String benchmark, ScalingJudgement judgement, boolean fails, boolean warns) {
}
