package dev.dbbench.engine;

import java.sql.Connection;
import java.util.Set;

import javax.sql.DataSource;

/** The database engines dbbench can run benchmarks on, with the parameter types each injects. */
public enum EngineKind {
    POSTGRES("postgres", Set.of(Connection.class, DataSource.class));

    private final String label;
    private final Set<Class<?>> injectableTypes;

    EngineKind(String label, Set<Class<?>> injectableTypes) {
        this.label = label;
        this.injectableTypes = injectableTypes;
    }

    /** The lower-case name used in display names, baseline keys and reports. */
    public String label() {
        return label;
    }

    /** The parameter types a benchmark, hook or lifecycle method may declare for this engine. */
    public Set<Class<?>> injectableTypes() {
        return injectableTypes;
    }
}
