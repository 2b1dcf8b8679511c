package dev.dbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A goal's forked Maven runs as the calling build does: offline when it is, with its settings file. */
class MavenForkTest {

    @TempDir
    Path temp;

    @Test
    void anOfflineBuildForksOfflineWithItsSettingsFile() throws IOException {
        final File settings = Files.writeString(temp.resolve("settings.xml"), "<settings/>").toFile();

        assertThat(MavenFork.options(true, Optional.of(settings))).containsExactly("-o", "-s", settings.getPath());
        assertThat(MavenFork.options(false, Optional.of(settings))).containsExactly("-s", settings.getPath());
    }

    @Test
    void aSettingsFileThatDoesNotExistIsNotPassedOn() {
        assertThat(MavenFork.options(false, Optional.of(temp.resolve("none.xml").toFile()))).isEmpty();
        assertThat(MavenFork.options(true, Optional.empty())).containsExactly("-o");
    }
}
