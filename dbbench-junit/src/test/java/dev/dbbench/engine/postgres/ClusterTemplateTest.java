package dev.dbbench.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Embedded servers copy one initdb'd cluster per machine: each copy is a fresh cluster of its own, and
 * a template that was never finished or lost files since is made anew without failing a start.
 */
class ClusterTemplateTest {

    private static Path binaries;

    @TempDir
    Path temp;

    private Path templates;

    @BeforeAll
    static void unpack() throws Exception {
        binaries = PostgresInstallation.unpack(new PostgresBinaries(PostgresBinaries.defaultLocalRepository())
                .forMajor("17"));
    }

    @BeforeEach
    void templatesOfThisTestOnly() {
        templates = temp.resolve("clusters");
    }

    @Test
    void theFirstStartMakesTheTemplateAndEachLaterStartGetsAFreshClusterCopiedFromIt() throws Exception {
        try (PostgresProcess first = PostgresProcess.start(binaries, Map.of(), templates)) {
            final Path template = onlyTemplate();
            assertThat(template.resolve("complete")).content().matches("\\d+ files, \\d+ bytes");

            try (PostgresProcess second = PostgresProcess.start(binaries, Map.of(), templates)) {
                assertThat(systemIdentifier(second)).as("copied, not made by initdb")
                        .isEqualTo(systemIdentifier(first));
                execute(first, "CREATE TABLE only_in_first (id int)");
                assertThat(tableExists(first, "only_in_first")).isTrue();
                assertThat(tableExists(second, "only_in_first")).isFalse();
                assertThat(onlyTemplate()).isEqualTo(template);
            }
        }
        assertThat(list(templates)).as("nothing but the template").hasSize(1);
    }

    @Test
    void aTemplateWithoutItsCompletionMarkerIsMadeAnew() throws Exception {
        final String unfinished;
        try (PostgresProcess first = PostgresProcess.start(binaries, Map.of(), templates)) {
            unfinished = systemIdentifier(first);
        }
        Files.delete(onlyTemplate().resolve("complete"));

        try (PostgresProcess second = PostgresProcess.start(binaries, Map.of(), templates);
                PostgresProcess third = PostgresProcess.start(binaries, Map.of(), templates)) {
            assertThat(systemIdentifier(second)).isNotEqualTo(unfinished);
            assertThat(systemIdentifier(third)).isEqualTo(systemIdentifier(second));
        }
        assertThat(onlyTemplate().resolve("complete")).exists();
    }

    @Test
    void aTemplateThatLostAFileIsPutAsideAndThatStartRunsInitdbItself() throws Exception {
        final String damaged;
        try (PostgresProcess first = PostgresProcess.start(binaries, Map.of(), templates)) {
            damaged = systemIdentifier(first);
        }
        Files.delete(onlyTemplate().resolve("data").resolve("PG_VERSION"));

        try (PostgresProcess second = PostgresProcess.start(binaries, Map.of(), templates)) {
            assertThat(systemIdentifier(second)).isNotEqualTo(damaged);
            execute(second, "CREATE TABLE works (id int)");
            assertThat(list(templates)).as("the damaged template is gone").isEmpty();
        }
        try (PostgresProcess third = PostgresProcess.start(binaries, Map.of(), templates)) {
            assertThat(onlyTemplate().resolve("complete")).exists();
            assertThat(systemIdentifier(third)).isNotEqualTo(damaged);
        }
    }

    @Test
    void makingATemplateRemovesTheLeftoversOfJvmsThatDiedMakingOne() throws Exception {
        final Path abandoned = Files.createDirectories(templates.resolve("making-1"));
        Files.createDirectory(abandoned.resolve("data"));
        Files.setLastModifiedTime(abandoned, FileTime.from(Instant.now().minus(1, ChronoUnit.HOURS)));
        final Path underWay = Files.createDirectories(templates.resolve("making-2"));

        try (PostgresProcess server = PostgresProcess.start(binaries, Map.of(), templates)) {
            assertThat(abandoned).doesNotExist();
            assertThat(underWay).exists();
        }
    }

    @Test
    void initdbThatFailsFailsTheStartWithItsLogAndLeavesNoTemplate() throws Exception {
        final Path broken = Files.createDirectories(temp.resolve("broken-binaries").resolve("bin"));
        final Path initdb = Files.writeString(broken.resolve("initdb"),
                "#!/bin/sh\necho \"initdb: error: invalid locale settings\"\nexit 1\n");
        Files.setPosixFilePermissions(initdb, PosixFilePermissions.fromString("rwxr-xr-x"));

        assertThatThrownBy(() -> PostgresProcess.start(broken.getParent(), Map.of(), templates))
                .hasMessageStartingWith("initdb exited with code 1; its last log lines:")
                .hasMessageContaining("  | initdb: error: invalid locale settings");
        assertThat(list(templates)).isEmpty();
    }

    private Path onlyTemplate() throws Exception {
        final List<Path> entries = list(templates);
        assertThat(entries).hasSize(1);
        assertThat(entries.get(0).getFileName().toString()).startsWith("cluster-");
        return entries.get(0);
    }

    private static String systemIdentifier(PostgresProcess server) throws SQLException {
        try (Connection connection = server.dataSource("postgres").getConnection();
                Statement statement = connection.createStatement();
                ResultSet identifier = statement.executeQuery("SELECT system_identifier FROM pg_control_system()")) {
            identifier.next();
            return identifier.getString(1);
        }
    }

    private static boolean tableExists(PostgresProcess server, String table) throws SQLException {
        try (Connection connection = server.dataSource("postgres").getConnection();
                Statement statement = connection.createStatement();
                ResultSet found = statement.executeQuery("SELECT to_regclass('" + table + "') IS NOT NULL")) {
            found.next();
            return found.getBoolean(1);
        }
    }

    private static void execute(PostgresProcess server, String sql) throws SQLException {
        try (Connection connection = server.dataSource("postgres").getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static List<Path> list(Path directory) throws Exception {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.toList();
        }
    }
}
