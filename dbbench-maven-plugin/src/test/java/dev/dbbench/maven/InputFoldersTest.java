package dev.dbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputFoldersTest {

    @Test
    void expandsGlobsTheShellLeftInsideTheProperty(@TempDir Path here) throws Exception {
        for (String job : new String[] {"recorded-baselines-2", "recorded-baselines-1", "other"}) {
            Files.createDirectories(here.resolve("target/recorded").resolve(job));
        }
        Files.createDirectories(here.resolve("extra"));

        assertThat(InputFolders.expand("target/recorded/recorded-baselines-*,extra", here, "dbbench.merge.baselines"))
                .containsExactly(here.resolve("target/recorded/recorded-baselines-1"),
                        here.resolve("target/recorded/recorded-baselines-2"), here.resolve("extra"));
    }

    @Test
    void aNameThatMatchesNothingIsAnErrorNamingIt(@TempDir Path here) {
        assertThatThrownBy(() -> InputFolders.expand("target/recorded/*", here, "dbbench.merge.baselines"))
                .hasMessageContaining("dbbench.merge.baselines names target/recorded/*, but nothing at");
    }
}
