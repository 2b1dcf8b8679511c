package dev.dbbench.spec;

import java.util.Arrays;
import java.util.List;

/**
 * The database engines dbbench can run benchmarks on, with the parameter types each injects.
 *
 * <p>The types are named, not referenced: an engine's classes (the MongoDB driver's, say) come with
 * its own module, and a PostgreSQL-only class path never loads them.
 */
public enum EngineKind {
    POSTGRES("postgres", "dbbench-junit", List.of("java.sql.Connection", "javax.sql.DataSource",
            "dev.dbbench.api.JdbcDatabase")),
    MONGODB("mongodb", "dbbench-mongodb", List.of("com.mongodb.client.MongoDatabase",
            "com.mongodb.client.MongoClient", "com.mongodb.client.MongoCollection"));

    private final String label;
    private final String artifact;
    private final List<String> injectableTypes;

    EngineKind(String label, String artifact, List<String> injectableTypes) {
        this.label = label;
        this.artifact = artifact;
        this.injectableTypes = injectableTypes;
    }

    /** The lower-case name used in display names, baseline keys and reports. */
    public String label() {
        return label;
    }

    /** The dbbench artifact that brings this engine (its driver, its servers). */
    public String artifact() {
        return artifact;
    }

    /** Whether a benchmark, hook or lifecycle method may declare a parameter of {@code type} for this engine. */
    public boolean injects(Class<?> type) {
        return injectableTypes.contains(type.getName());
    }

    /** The simple names of the types {@link #injects} accepts, for messages. */
    public List<String> injectableTypeNames() {
        return injectableTypes.stream().map(name -> name.substring(name.lastIndexOf('.') + 1)).toList();
    }

    /**
     * The engine of a target's label ({@code mongodb 8.0 container}), or of a baseline key that holds
     * one in brackets ({@code findByBrand [mongodb emulated]}); PostgreSQL where none is named.
     */
    public static EngineKind ofLabel(String label) {
        final int bracket = label.indexOf('[');
        final String target = bracket < 0 ? label : label.substring(bracket + 1);
        return Arrays.stream(values()).filter(kind -> target.startsWith(kind.label + " ") || target.equals(kind.label))
                .findFirst().orElse(POSTGRES);
    }

    /** Whether some engine injects the type, so a parameter of it is dbbench's to provide. */
    public static boolean anyInjects(Class<?> type) {
        return Arrays.stream(values()).anyMatch(kind -> kind.injects(type));
    }
}
