package dev.dbbench.spec;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;

/**
 * One validated {@code @ExpectFasterThan}: for each target this benchmark runs on, the method and
 * target of the other side, if the expectation applies there.
 *
 * @param selector the annotation's value as written, for messages
 * @param otherTargets the other side's target for each of this benchmark's targets; a target that
 *     maps to nothing (the other side would be this very invocation) skips the expectation
 */
public record ExpectationSpec(String selector, Method other, double factor,
        Map<EngineTarget, EngineTarget> otherTargets) {

    public ExpectationSpec {
        otherTargets = Map.copyOf(otherTargets);
    }

    public Optional<EngineTarget> otherTarget(EngineTarget thisTarget) {
        return Optional.ofNullable(otherTargets.get(thisTarget));
    }
}
