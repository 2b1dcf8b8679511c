package dev.dbbench.spec;

import java.sql.Connection;
import java.util.Arrays;
import java.util.Set;

import javax.sql.DataSource;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;

/** The database engines dbbench can run benchmarks on, with the parameter types each injects. */
public enum EngineKind {
    POSTGRES("postgres", Set.of(Connection.class, DataSource.class)),
    MONGODB("mongodb", Set.of(MongoDatabase.class, MongoClient.class, MongoCollection.class));

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

    /** Whether some engine injects the type, so a parameter of it is dbbench's to provide. */
    public static boolean anyInjects(Class<?> type) {
        return Arrays.stream(values()).anyMatch(kind -> kind.injectableTypes.contains(type));
    }
}
