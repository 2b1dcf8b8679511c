package dev.dbbench.spec;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.ProductionStatistics;

/** The statistics files a class declares with {@code @ProductionStatistics}, read. */
public final class StatisticsFiles {

    private static final String FILE_PREFIX = "file:";

    private StatisticsFiles() {
    }

    /**
     * One declared file.
     *
     * @param name the path as the annotation gives it
     * @param text the file's content
     */
    public record Declared(String name, String text) {
    }

    /** The files the class (or a superclass) declares, in order; none when it declares none. */
    public static List<Declared> of(Class<?> testClass) {
        Class<?> declaring = testClass;
        while (declaring != null && !declaring.isAnnotationPresent(ProductionStatistics.class)) {
            declaring = declaring.getSuperclass();
        }
        if (declaring == null) {
            return List.of();
        }
        final String[] paths = declaring.getDeclaredAnnotation(ProductionStatistics.class).value();
        if (paths.length == 0) {
            throw new DbBenchConfigurationException("@ProductionStatistics on " + declaring.getSimpleName()
                    + " must name at least one statistics file");
        }
        final List<Declared> files = new ArrayList<>();
        for (String path : paths) {
            files.add(new Declared(path, read(declaring, path)));
        }
        return files;
    }

    private static String read(Class<?> declaring, String path) {
        try {
            if (path.startsWith(FILE_PREFIX)) {
                final Path file = Path.of(path.substring(FILE_PREFIX.length()));
                if (!Files.isRegularFile(file)) {
                    throw missing(declaring, path, "no file " + file.toAbsolutePath());
                }
                return Files.readString(file);
            }
            final URL resource = declaring.getResource(path);
            if (resource == null) {
                throw missing(declaring, path, "not on the class path as " + resourceName(declaring, path));
            }
            try (InputStream in = resource.openStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new DbBenchConfigurationException("@ProductionStatistics on " + declaring.getSimpleName()
                    + ": cannot read \"" + path + "\": " + e.getMessage());
        }
    }

    /** The class path name {@link Class#getResource} looks {@code path} up under. */
    private static String resourceName(Class<?> declaring, String path) {
        if (path.startsWith("/")) {
            return path.substring(1);
        }
        final String pkg = declaring.getPackageName();
        return pkg.isEmpty() ? path : pkg.replace('.', '/') + "/" + path;
    }

    private static DbBenchConfigurationException missing(Class<?> declaring, String path, String where) {
        return new DbBenchConfigurationException("@ProductionStatistics on " + declaring.getSimpleName() + " names \""
                + path + "\", which is " + where + ": export production's statistics as"
                + " docs/production-statistics.md shows and put the file there (a plain path is relative to the"
                + " class's package under src/test/resources, \"/...\" to its root, \"file:...\" to the working"
                + " directory)");
    }
}
