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
 * The structure docs/ARCHITECTURE.md describes is the one the code of every module has: packages
 * (sub-packages included) import only packages listed above them, every package is listed and lives
 * in the module its row names, only the public ones are not internal, and no method outside
 * {@code workload} runs longer than a screen.
 */
class ArchitectureTest {

    /** The repository's root: the tests run in dbbench-junit's folder. */
    private static final Path ROOT = Path.of("..");
    private static final Pattern STAGE_ROW = Pattern.compile(
            "^\\| \\d+ \\| `dev\\.dbbench\\.([a-z.]+)` \\| ([a-z-]+) \\|");
    /** An imported class: its package is the lower-case segments before the class's capitalised name. */
    private static final Pattern IMPORT = Pattern.compile(
            "^import (?:static )?dev\\.dbbench\\.((?:[a-z]+\\.)*?[a-z]+)\\.[A-Z]", Pattern.MULTILINE);
    private static final Pattern PACKAGE = Pattern.compile("^package dev\\.dbbench\\.([a-z.]+);", Pattern.MULTILINE);
    private static final Set<String> PUBLIC = Set.of("api", "junit", "quarkus", "workload");
    private static final int LONGEST_METHOD = 45;

    /** A row of the stage table: a package and the module that holds it. */
    private record Row(String packageName, String module) {
    }

    @Test
    void everyPackageImportsOnlyPackagesListedAboveIt() throws IOException {
        final List<String> order = rows().stream().map(Row::packageName).toList();
        final List<String> violations = new ArrayList<>();
        for (Path source : sources()) {
            final String text = Files.readString(source);
            final String own = packageOf(text);
            final Matcher imported = IMPORT.matcher(text);
            while (imported.find()) {
                final String other = imported.group(1);
                // The annotations name the extension that implements them; nothing else may look ahead.
                final boolean annotationNamesItsExtension = own.equals("api") && other.equals("junit");
                if (!other.equals(own) && order.indexOf(other) >= order.indexOf(own) && !annotationNamesItsExtension) {
                    violations.add(ROOT.relativize(source) + " (" + own + ") imports " + other);
                }
            }
        }
        assertThat(violations).isEmpty();
    }

    @Test
    void everyPackageIsARowOfTheArchitectureDocumentInTheModuleItNames() throws IOException {
        final List<String> misplaced = new ArrayList<>();
        final Set<String> packages = new TreeSet<>();
        for (Path source : sources()) {
            final String own = packageOf(Files.readString(source));
            packages.add(own);
            rows().stream().filter(row -> row.packageName().equals(own)).findFirst()
                    .filter(row -> !source.startsWith(ROOT.resolve(row.module())))
                    .ifPresent(row -> misplaced.add(ROOT.relativize(source) + " is not in " + row.module()));
        }
        assertThat(rows().stream().map(Row::packageName)).containsExactlyInAnyOrderElementsOf(packages);
        assertThat(misplaced).isEmpty();
    }

    @Test
    void onlyThePublicPackagesAreNotMarkedInternal() throws IOException {
        final List<Path> packageInfos = sources().stream().filter(path -> path.endsWith("package-info.java")).toList();
        assertThat(packageInfos).hasSizeGreaterThanOrEqualTo(rows().size());
        for (Path info : packageInfos) {
            final String text = Files.readString(info);
            final boolean internal = text.contains("@API(status = INTERNAL)");
            assertThat(internal).as(info.toString()).isEqualTo(!PUBLIC.contains(packageOf(text)));
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
            if (!packageOf(String.join("\n", lines)).equals("workload")) {
                longMethods.addAll(MethodLengths.longerThan(LONGEST_METHOD, lines, ROOT.relativize(source)));
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

    /** The packages in the order of the stage table of docs/ARCHITECTURE.md, with their modules. */
    private static List<Row> rows() throws IOException {
        final List<Row> rows = new ArrayList<>();
        for (String line : Files.readAllLines(ROOT.resolve("docs").resolve("ARCHITECTURE.md"))) {
            final Matcher row = STAGE_ROW.matcher(line);
            if (row.find()) {
                rows.add(new Row(row.group(1), row.group(2)));
            }
        }
        assertThat(rows).as("packages in docs/ARCHITECTURE.md").isNotEmpty();
        return rows;
    }

    private static String packageOf(String source) {
        final Matcher matcher = PACKAGE.matcher(source);
        assertThat(matcher.find()).isTrue();
        return matcher.group(1);
    }

    /** The main sources of every module (the folders beside this one with a pom and src/main/java). */
    private static List<Path> sources() throws IOException {
        final List<Path> sources = new ArrayList<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path module : modules.filter(dir -> Files.exists(dir.resolve("pom.xml"))).toList()) {
                final Path main = module.resolve("src").resolve("main").resolve("java");
                if (Files.isDirectory(main)) {
                    try (Stream<Path> files = Files.walk(main)) {
                        files.filter(path -> path.toString().endsWith(".java")).forEach(sources::add);
                    }
                }
            }
        }
        assertThat(sources).as("main sources under " + ROOT.toAbsolutePath().normalize()).isNotEmpty();
        return sources.stream().sorted().toList();
    }
}
