package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoDatabase;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.Mongo;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a run leaves in its report directory, and the history the next run draws from it. */
class ReportFilesTest {

    @TempDir
    Path temp;

    @Test
    void aRunWritesEveryFormatAndTheNextRunDrawsItsMedianFromTheHistoryFolder() throws Exception {
        final FixtureRunner first = new FixtureRunner(temp.resolve("first"));
        first.run(PingCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));
        final Path history = temp.resolve("downloaded-artifacts/run-1");
        Files.createDirectories(history);
        Files.copy(first.reportDirectory().resolve("results.json"), history.resolve("results.json"));

        final FixtureRunner second = new FixtureRunner(temp.resolve("second"))
                .with(ConfigKeys.REPORT_HISTORY, temp.resolve("downloaded-artifacts").toString());
        second.run(PingCase.class).testEvents().assertStatistics(stats -> stats.succeeded(1));

        final Path reports = second.reportDirectory();
        assertThat(Files.readString(reports.resolve("report.html"))).contains("<svg class=\"chart samples\"")
                .contains("<svg class=\"chart history\"").contains("history: 1 earlier results file(s)");
        final JsonNode jmh = new ObjectMapper().readTree(reports.resolve("jmh-result.json").toFile());
        assertThat(jmh.get(0).get("benchmark").asText()).isEqualTo(PingCase.class.getName() + ".ping");
        assertThat(jmh.get(0).get("params").get("target").asText()).isEqualTo("mongodb emulated");
        final JsonNode bencher = new ObjectMapper().readTree(reports.resolve("bencher.json").toFile());
        assertThat(bencher.get(PingCase.class.getName() + ".ping [mongodb emulated]").get("latency").get("value")
                .isNumber()).isTrue();
        assertThat(new ObjectMapper().readTree(reports.resolve("results.json").toFile()).get("recordedAt").asText())
                .isNotEmpty();
    }

    @Test
    void aHistoryFolderThatDoesNotExistIsAConfigurationError() {
        final FixtureRunner runner = new FixtureRunner(temp)
                .with(ConfigKeys.REPORT_HISTORY, temp.resolve("nowhere").toString());

        assertThat(FixtureRunner.firstFailure(runner.run(PingCase.class))).endsWith("configuration parameter"
                + " dbbench.report.history must be an existing folder of earlier results.json files but was '"
                + temp.resolve("nowhere") + "'");
    }

    @Mongo
    static class PingCase {
        @DbBenchmark(warmups = 0, samples = 5, opsPerSample = 1)
        void ping(MongoDatabase db) {
            db.runCommand(new Document("ping", 1));
        }
    }
}
