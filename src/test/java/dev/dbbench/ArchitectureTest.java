package dev.dbbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The structure docs/ARCHITECTURE.md describes is the one the code has: packages import only
 * packages of earlier stages, every package is listed, only the public ones are not internal, and
 * no method outside {@code workload} runs longer than a screen.
 */
class ArchitectureTest {

    private static final Path SOURCES = Path.of("src", "main", "java");
    private static final Pattern STAGE_ROW = Pattern.compile("^\\| \\d+ \\| `dev\\.dbbench\\.([a-z]+)` \\|");
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?dev\\.dbbench\\.([a-z]+)\\.",
            Pattern.MULTILINE);
    private static final Pattern PACKAGE = Pattern.compile("^package dev\\.dbbench\\.([a-z]+)", Pattern.MULTILINE);
    private static final Set<String> PUBLIC = Set.of("api", "junit", "workload");
    private static final int LONGEST_METHOD = 45;

    @Test
    void everyPackageImportsOnlyStagesBeforeItsOwn() throws IOException {
        final List<String> stages = stages();
        final List<String> violations = new ArrayList<>();
        for (Path source : sources()) {
            final String text = Files.readString(source);
            final String stage = stageOf(text);
            final Matcher imported = IMPORT.matcher(text);
            while (imported.find()) {
                final String other = imported.group(1);
                // The annotations name the extension that implements them; nothing else may look ahead.
                final boolean annotationNamesItsExtension = stage.equals("api") && other.equals("junit");
                if (stages.indexOf(other) > stages.indexOf(stage) && !annotationNamesItsExtension) {
                    violations.add(SOURCES.relativize(source) + " (" + stage + ") imports " + other);
                }
            }
        }
        assertThat(violations).isEmpty();
    }

    @Test
    void everyPackageIsAStageOfTheArchitectureDocument() throws IOException {
        final Set<String> packages = new TreeSet<>();
        for (Path source : sources()) {
            packages.add(stageOf(Files.readString(source)));
        }
        assertThat(stages()).containsExactlyInAnyOrderElementsOf(packages);
    }

    @Test
    void onlyThePublicPackagesAreNotMarkedInternal() throws IOException {
        try (Stream<Path> infos = Files.walk(SOURCES.resolve("dev/dbbench"))) {
            final List<Path> packageInfos = infos.filter(path -> path.endsWith("package-info.java")).toList();
            assertThat(packageInfos).hasSizeGreaterThanOrEqualTo(stages().size());
            for (Path info : packageInfos) {
                final String text = Files.readString(info);
                final boolean internal = text.contains("@API(status = INTERNAL)");
                assertThat(internal).as(info.toString()).isEqualTo(!PUBLIC.contains(stageOf(text)));
            }
        }
        for (Path source : sources()) {
            assertThat(source.resolveSibling("package-info.java")).as("package-info beside " + source).exists();
        }
    }

    @Test
    void noMethodOutsideWorkloadIsLongerThanAScreen() throws IOException {
        final List<String> longMethods = new ArrayList<>();
        for (Path source : sources()) {
            final List<String> lines = Files.readAllLines(source);
            if (!stageOf(String.join("\n", lines)).equals("workload")) {
                longMethods.addAll(MethodLengths.longerThan(LONGEST_METHOD, lines, SOURCES.relativize(source)));
            }
        }
        assertThat(longMethods).isEmpty();
    }

    @Test
    void theMethodLengthCheckFindsALongMethodAndPassesOverTypes() {
        final List<String> source = new ArrayList<>(List.of("class A {", "    record R(int a) {",
                "        R {", "        }", "    }", "    void longOne(int x) {"));
        for (int i = 0; i < 50; i++) {
            source.add("        x++;");
        }
        source.addAll(List.of("    }", "    int shortOne() {", "        return 1;", "    }", "}"));

        assertThat(MethodLengths.longerThan(LONGEST_METHOD, source, Path.of("A.java")))
                .containsExactly("A.java:6 is 52 lines: void longOne(int x) {");
    }

    /** The packages in the order of the stage table of docs/ARCHITECTURE.md. */
    private static List<String> stages() throws IOException {
        final List<String> stages = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("docs", "ARCHITECTURE.md"))) {
            final Matcher row = STAGE_ROW.matcher(line);
            if (row.find()) {
                stages.add(row.group(1));
            }
        }
        assertThat(stages).as("stages in docs/ARCHITECTURE.md").isNotEmpty();
        return stages;
    }

    private static String stageOf(String source) {
        final Matcher matcher = PACKAGE.matcher(source);
        assertThat(matcher.find()).isTrue();
        return matcher.group(1);
    }

    private static List<Path> sources() throws IOException {
        try (Stream<Path> files = Files.walk(SOURCES)) {
            return files.filter(path -> path.toString().endsWith(".java")).sorted().toList();
        }
    }
}
