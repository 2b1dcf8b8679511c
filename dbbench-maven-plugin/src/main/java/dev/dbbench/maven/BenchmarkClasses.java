package dev.dbbench.maven;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The test classes of a module that Surefire would have to run for their benchmarks to run: the
 * top-level classes that declare or inherit a {@code @DbBenchmark} method, itself or in one of its
 * {@code @Nested} classes. Static nested classes are left out, as Surefire leaves them out by default
 * (they are the fixtures of tests that run them through JUnit's launcher), and so are abstract ones.
 */
final class BenchmarkClasses {

    private static final String BENCHMARK = "dev.dbbench.api.DbBenchmark";
    private static final String NESTED = "org.junit.jupiter.api.Nested";

    /**
     * What the scan found.
     *
     * @param classes the top-level classes with benchmarks, by name
     * @param unreadable classes that could not be loaded from the test class path, with the reason
     */
    record Found(SortedSet<String> classes, List<String> unreadable) {
    }

    private BenchmarkClasses() {
    }

    /**
     * @param testClasses the module's compiled test classes
     * @param classPath the module's test class path, {@code testClasses} among it
     */
    static Found in(Path testClasses, List<Path> classPath) throws IOException {
        final SortedSet<String> classes = new TreeSet<>();
        final List<String> unreadable = new ArrayList<>();
        if (!Files.isDirectory(testClasses)) {
            return new Found(classes, unreadable);
        }
        final URL[] urls = new URL[classPath.size()];
        for (int i = 0; i < urls.length; i++) {
            urls[i] = classPath.get(i).toUri().toURL();
        }
        try (URLClassLoader loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
                Stream<Path> files = Files.walk(testClasses)) {
            for (String name : files.map(testClasses::relativize).map(Path::toString)
                    .filter(file -> file.endsWith(".class") && !file.contains("$") && !file.endsWith("package-info.class"))
                    .map(file -> file.substring(0, file.length() - ".class".length()).replace('/', '.').replace('\\', '.'))
                    .sorted().toList()) {
                try {
                    final Class<?> type = Class.forName(name, false, loader);
                    if (runsBenchmarks(type)) {
                        classes.add(name);
                    }
                } catch (ClassNotFoundException | LinkageError e) {
                    unreadable.add(name + " (" + e + ")");
                }
            }
        }
        return new Found(classes, unreadable);
    }

    /** Whether running this class, as Surefire would, runs a benchmark. */
    private static boolean runsBenchmarks(Class<?> type) {
        if (type.isInterface() || type.isAnnotation() || Modifier.isAbstract(type.getModifiers())) {
            return false;
        }
        if (declaresBenchmarks(type)) {
            return true;
        }
        for (Class<?> member : type.getDeclaredClasses()) {
            if (!Modifier.isStatic(member.getModifiers()) && annotated(member.getDeclaredAnnotations(), NESTED)
                    && runsBenchmarks(member)) {
                return true;
            }
        }
        return false;
    }

    private static boolean declaresBenchmarks(Class<?> type) {
        for (Class<?> level = type; level != null && level != Object.class; level = level.getSuperclass()) {
            for (Method method : level.getDeclaredMethods()) {
                if (annotated(method.getDeclaredAnnotations(), BENCHMARK)) {
                    return true;
                }
            }
        }
        return false;
    }

    // By name: the classes come from the project's class loader, not the plugin's.
    private static boolean annotated(Annotation[] annotations, String name) {
        for (Annotation annotation : annotations) {
            if (annotation.annotationType().getName().equals(name)) {
                return true;
            }
        }
        return false;
    }
}
