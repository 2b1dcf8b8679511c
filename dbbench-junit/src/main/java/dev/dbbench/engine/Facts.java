package dev.dbbench.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The figures an engine measured of one call, each by its own type ({@link Writes}, a MongoDB
 * server's {@link CommandProfile}): the values of the metrics that store those types. An engine adds
 * a figure by putting it here; the run hands every figure to the metric that takes its type, so
 * nothing between the engine and the metric names it.
 */
public final class Facts {

    public static final Facts NONE = new Facts(Map.of());

    private final Map<Class<?>, Object> byType;

    private Facts(Map<Class<?>, Object> byType) {
        this.byType = Map.copyOf(byType);
    }

    /** These figures and {@code fact}, which replaces one of its type. */
    public Facts with(Object fact) {
        final Map<Class<?>, Object> more = new LinkedHashMap<>(byType);
        more.put(fact.getClass(), fact);
        return new Facts(more);
    }

    /** The figure of this type, if the engine measured one. */
    public <T> Optional<T> get(Class<T> type) {
        return Optional.ofNullable(byType.get(type)).map(type::cast);
    }
}
