package dev.dbbench.spec;

import java.lang.reflect.Executable;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;

import dev.dbbench.api.Collection;
import dev.dbbench.api.DbBenchConfigurationException;

/**
 * Which collection an injected {@code MongoCollection<Document>} parameter stands for: the value of
 * its {@link Collection} annotation, else the parameter's name. Checked when benchmarks are discovered.
 */
public final class CollectionNames {

    // By name: the MongoDB driver is dbbench-mongodb's dependency, not this module's.
    private static final String COLLECTION = "com.mongodb.client.MongoCollection";
    private static final String DOCUMENT = "org.bson.Document";
    private static final int MAX_NAME = 120;

    private CollectionNames() {
    }

    /** The collection name of a {@code MongoCollection} parameter; a name MongoDB refuses is an error. */
    public static String of(Parameter parameter) {
        final Collection annotation = parameter.getAnnotation(Collection.class);
        if (!(parameter.getParameterizedType() instanceof ParameterizedType generic)
                || !generic.getActualTypeArguments()[0].getTypeName().equals(DOCUMENT)) {
            throw error(parameter, "must be declared as MongoCollection<Document> but was "
                    + parameter.getParameterizedType().getTypeName());
        }
        if (annotation == null && !parameter.isNamePresent()) {
            throw error(parameter, "has no name (the class was compiled without -parameters); name the"
                    + " collection with @Collection(\"name\")");
        }
        final String name = annotation == null ? parameter.getName() : annotation.value();
        final String source = annotation == null ? "its name" : "@Collection";
        if (name.isEmpty() || name.length() > MAX_NAME || name.contains("$") || name.indexOf('\0') >= 0
                || name.startsWith("system.") || name.startsWith(".") || name.endsWith(".")) {
            throw error(parameter, "names the collection '" + name + "' through " + source + ", which MongoDB does"
                    + " not allow: use 1 to " + MAX_NAME + " characters without '$' or NUL, not starting with"
                    + " 'system.' and not starting or ending with '.'");
        }
        return name;
    }

    /** Whether the parameter is one this class names. */
    public static boolean applies(Parameter parameter) {
        return parameter.getType().getName().equals(COLLECTION);
    }

    private static DbBenchConfigurationException error(Parameter parameter, String problem) {
        final Executable owner = parameter.getDeclaringExecutable();
        return new DbBenchConfigurationException("parameter " + parameter.getName() + " of "
                + owner.getDeclaringClass().getSimpleName() + "." + owner.getName() + "() " + problem);
    }
}
