package dev.dbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.maven.checked.OrdersBench;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which classes {@code dbbench:check} expects to have run, and which runs it counts. */
class BenchmarkClassesTest {

    @TempDir
    Path folder;

    @Test
    void theClassesThatSurefireMustRunAreTopLevelConcreteAndHoldBenchmarksThemselvesOrInNestedClasses()
            throws IOException, URISyntaxException {
        final Path testClasses = folder.resolve("test-classes");
        copyPackage(location(OrdersBench.class), testClasses, "dev/dbbench/maven/checked");
        final List<Path> classPath = new ArrayList<>(List.of(testClasses, location(DbBenchmark.class),
                location(Nested.class)));

        final BenchmarkClasses.Found found = BenchmarkClasses.in(testClasses, classPath);

        assertThat(found.classes()).containsExactly("dev.dbbench.maven.checked.InheritedBench",
                "dev.dbbench.maven.checked.NestedBenchmarks", "dev.dbbench.maven.checked.OrdersBench");
        assertThat(found.unreadable()).isEmpty();
    }

    @Test
    void aClassThatCannotBeLoadedIsNamedNotCounted() throws IOException, URISyntaxException {
        final Path testClasses = folder.resolve("test-classes");
        copyPackage(location(OrdersBench.class), testClasses, "dev/dbbench/maven/checked");
        // InheritedBench's superclass is gone, as after a partial recompilation.
        Files.delete(testClasses.resolve("dev/dbbench/maven/checked/SharedBenchmarks.class"));

        final BenchmarkClasses.Found found = BenchmarkClasses.in(testClasses, List.of(testClasses,
                location(DbBenchmark.class), location(Nested.class)));

        assertThat(found.classes()).containsExactly("dev.dbbench.maven.checked.NestedBenchmarks",
                "dev.dbbench.maven.checked.OrdersBench");
        assertThat(found.unreadable()).singleElement().asString()
                .startsWith("dev.dbbench.maven.checked.InheritedBench (java.lang.NoClassDefFoundError");
    }

    @Test
    void aClassRanWhenThisBuildWroteItsReportAndANestedClassCountsForItsOuterClass() throws IOException {
        final Instant started = Instant.parse("2026-12-07T10:00:00Z");
        report("TEST-com.example.OrdersBench.xml", started.plusSeconds(5));
        report("TEST-com.example.CatalogBench$ByBrand.xml", started.plusSeconds(6));
        report("TEST-com.example.StaleBench.xml", started.minusSeconds(60));
        report("com.example.OrdersBench.txt", started.plusSeconds(5));

        assertThat(CheckMojo.ranInThisBuild(List.of(folder, folder.resolve("absent")), FileTime.from(started)))
                .containsExactly("com.example.CatalogBench", "com.example.OrdersBench");
    }

    @Test
    void theMessageNamesTheClassesAndTheIncludeThatRunsThem() {
        assertThat(CheckMojo.notRun(List.of("com.example.CatalogBench"), 2))
                .startsWith("dbbench:check: 1 of 2 test classes with @DbBenchmark methods did not run in this build,"
                        + " so their benchmarks were neither measured nor judged: com.example.CatalogBench. Surefire"
                        + " runs only classes named Test*, *Test, *Tests and *TestCase")
                .contains("add <include>**/*Bench.java</include> to maven-surefire-plugin's <includes>");
        assertThat(CheckMojo.notRun(List.of("com.example.CatalogBenchmarks"), 1))
                .contains("add an <include> that matches them");
    }

    private void report(String name, Instant written) throws IOException {
        final Path file = Files.writeString(folder.resolve(name), "<testsuite/>");
        Files.setLastModifiedTime(file, FileTime.from(written));
    }

    private static Path location(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static void copyPackage(Path from, Path to, String packagePath) throws IOException {
        final Path target = Files.createDirectories(to.resolve(packagePath));
        try (var files = Files.list(from.resolve(packagePath))) {
            for (Path file : files.toList()) {
                Files.copy(file, target.resolve(file.getFileName()));
            }
        }
    }
}
