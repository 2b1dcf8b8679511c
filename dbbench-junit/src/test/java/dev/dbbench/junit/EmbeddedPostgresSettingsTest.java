package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Postgres;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Server settings of the embedded provider reach PostgreSQL as they are written, and a server that
 * refuses them fails at once with PostgreSQL's own reason.
 */
class EmbeddedPostgresSettingsTest {

    /** Created by any of the settings below if a shell ever sees them; annotation values must be constants. */
    private static final String MARKER = "/tmp/dbbench-shell-injection-marker";

    @TempDir
    Path temp;

    @Test
    void settingsWithShellCharactersReachTheServerLiterallyAndRunNothing() throws Exception {
        Files.deleteIfExists(Path.of(MARKER));

        final EngineExecutionResults results = new FixtureRunner(temp).run(ShellCharactersCase.class);

        assertThat(failures(results)).isEmpty();
        results.testEvents().assertStatistics(stats -> stats.succeeded(1));
        assertThat(Path.of(MARKER)).doesNotExist();
    }

    @Test
    void aSettingPostgresRefusesFailsWithPostgresReasonAsSoonAsTheServerExits() {
        final String failure = FixtureRunner.firstFailure(new FixtureRunner(temp).run(RefusedSettingCase.class));

        assertThat(failure)
                .contains("invalid value for parameter \"shared_buffers\": \"notanumber\"")
                .contains("exited with code 1")
                .doesNotContain("Gave up waiting");
    }

    private static List<String> failures(EngineExecutionResults results) {
        return results.allEvents().failed().stream()
                .map(event -> String.valueOf(event.getRequiredPayload(TestExecutionResult.class).getThrowable()
                        .orElseThrow()))
                .toList();
    }

    @Postgres(settings = {
            "cluster_name=x$(touch " + MARKER + ")",
            "dbbench.backticks=`touch " + MARKER + "`",
            "dbbench.separators=a; touch " + MARKER + " & b | c && d",
            "dbbench.redirects=a < /dev/null > " + MARKER,
            "dbbench.quotes=it's \"quoted\" \\ and \\\\ and \\'",
            "log_line_prefix=%m $HOME [%p] "})
    static class ShellCharactersCase {

        @BeforeAll
        static void theServerHasEachValueAsWritten(Connection db) throws SQLException {
            assertThat(show(db, "cluster_name")).isEqualTo("x$(touch " + MARKER + ")");
            assertThat(show(db, "dbbench.backticks")).isEqualTo("`touch " + MARKER + "`");
            assertThat(show(db, "dbbench.separators")).isEqualTo("a; touch " + MARKER + " & b | c && d");
            assertThat(show(db, "dbbench.redirects")).isEqualTo("a < /dev/null > " + MARKER);
            assertThat(show(db, "dbbench.quotes")).isEqualTo("it's \"quoted\" \\ and \\\\ and \\'");
            // Settings are trimmed where they are parsed; the server keeps the rest.
            assertThat(show(db, "log_line_prefix")).isEqualTo("%m $HOME [%p]");
        }

        private static String show(Connection db, String name) throws SQLException {
            try (Statement statement = db.createStatement();
                    ResultSet row = statement.executeQuery("SELECT current_setting('" + name + "')")) {
                row.next();
                return row.getString(1);
            }
        }

        @DbBenchmark(warmups = 0, samples = 1, opsPerSample = 1)
        void body(Connection db) throws SQLException {
            show(db, "cluster_name");
        }
    }

    @Postgres(settings = "shared_buffers=notanumber")
    static class RefusedSettingCase {

        @DbBenchmark(warmups = 0, samples = 1, opsPerSample = 1)
        void body() {
        }
    }
}
