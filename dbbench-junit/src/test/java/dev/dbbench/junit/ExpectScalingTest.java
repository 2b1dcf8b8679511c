package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.api.ConfigKeys;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.DbFixture;
import dev.dbbench.api.ExpectScaling;
import dev.dbbench.api.Growth;
import dev.dbbench.api.Postgres;
import dev.dbbench.api.Scale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * {@code @ExpectScaling} on real embedded PostgreSQL, with the time gate off: a lookup through an
 * index meets "at most logarithmic" at the small sizes CI runs, and the same lookup with the index
 * dropped, a scan, misses it; the scan's count meets "at most linear" either way.
 */
class ExpectScalingTest {

    /** Whether {@link LookupCase} loads its table with the index; set by each test before it runs the case. */
    static volatile boolean indexed;

    @TempDir
    Path temp;

    @Test
    void anIndexedLookupMeetsLogarithmicGrowth() throws Exception {
        indexed = true;
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");

        runner.run(LookupCase.class).testEvents().assertStatistics(stats -> stats.succeeded(6).failed(0));

        final JsonNode lookup = scaling(runner, "lookup");
        assertThat(lookup.get("verdict").asText()).isEqualTo("MET");
        assertThat(lookup.get("values")).extracting(JsonNode::asLong).containsExactly(1_000L, 10_000L, 100_000L);
        assertThat(lookup.get("counts").get(0).get("name").asText()).isEqualTo("shared blocks");
        assertThat(lookup.get("counts").get(0).get("fitted").asText()).isIn("CONSTANT", "LOGARITHMIC");
        assertThat(scaling(runner, "count").get("verdict").asText()).isEqualTo("MET");
    }

    @Test
    void theLookupWithoutItsIndexFailsAsAScan() throws Exception {
        indexed = false;
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");

        final EngineExecutionResults results = runner.run(LookupCase.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(5).failed(1));
        assertThat(results.testEvents().failed().stream().map(event -> event.getTestDescriptor().getDisplayName()))
                .containsExactly("[postgres 17 embedded] rows=100000");
        assertThat(DbBenchmarkExtensionTest.failureMessage(results))
                .startsWith("dbbench: SCALING MISSED in ExpectScalingTest$LookupCase.lookup [postgres 17 embedded]:"
                        + " @ExpectScaling(atMost = LOGARITHMIC) over rows")
                .contains("beyond at most logarithmic: shared blocks", "fits linear", "g(n) = log n");
        final JsonNode lookup = scaling(runner, "lookup");
        assertThat(lookup.get("verdict").asText()).isEqualTo("MISSED");
        assertThat(lookup.get("failed").asBoolean()).isTrue();
        assertThat(scaling(runner, "count").get("verdict").asText()).isEqualTo("MET");
    }

    @Test
    void serverInstructionsAreJudgedWhereTheyAreCounted() throws Exception {
        Requirements.valgrind();
        indexed = false;
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off")
                .with(ConfigKeys.COUNT_INSTRUCTIONS, "auto");

        runner.run(LookupCase.class, "lookup").testEvents().assertStatistics(stats -> stats.failed(1));

        final List<String> missed = new ArrayList<>();
        scaling(runner, "lookup").get("counts").forEach(count -> {
            if (!count.get("within").asBoolean()) {
                missed.add(count.get("name").asText());
            }
        });
        assertThat(missed).containsExactly("server instructions", "shared blocks");
    }

    @Test
    void anNPlusOneFailsItsBoundOnStatementsNamingTheStatementThatGrew() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");

        final EngineExecutionResults results = runner.run(TopicsCase.class, "postsOneTopicAtATime");

        results.testEvents().assertStatistics(stats -> stats.succeeded(2).failed(1));
        final String message = DbBenchmarkExtensionTest.failureMessage(results);
        assertThat(message)
                .startsWith("dbbench: SCALING MISSED in ExpectScalingTest$TopicsCase.postsOneTopicAtATime"
                        + " [postgres 17 embedded]: @ExpectScaling(atMost = LINEAR, statements = CONSTANT) over topics")
                .contains("statements 99.02x from topics=100 to topics=10,000, allowed 1.50x (at most constant)"
                        + " (fits linear, ~ n^1.00, R² 1.00)",
                        "statement SELECT body FROM post WHERE topic_id = ? ran 100x at topics=100, 1,000x at"
                        + " topics=1,000, 10,000x at topics=10,000 (fits linear, ~ n^1.00, R² 1.00), allowed at most"
                        + " constant: run once per item, an N+1",
                        "  statement beyond   SELECT body FROM post WHERE topic_id = ?\n");
        final JsonNode scaling = scaling(runner, "postsOneTopicAtATime");
        assertThat(scaling.get("statementsAtMost").asText()).isEqualTo("CONSTANT");
        assertThat(scaling.get("statements")).hasSize(1);
        final JsonNode statement = scaling.get("statements").get(0);
        assertThat(statement.get("statement").asText()).isEqualTo("SELECT body FROM post WHERE topic_id = ?");
        assertThat(statement.get("executions")).extracting(JsonNode::asLong).containsExactly(100L, 1_000L, 10_000L);
        assertThat(statement.get("fitted").asText()).isEqualTo("LINEAR");
        assertThat(statement.get("within").asBoolean()).isFalse();
    }

    @Test
    void theSamePostsInOneJoinMeetConstantStatementsAndReportEveryFit() throws Exception {
        final FixtureRunner runner = new FixtureRunner(temp).with(ConfigKeys.GATE_TIME, "off");

        final EngineExecutionResults results = runner.run(TopicsCase.class, "postsInOneJoin");

        results.testEvents().assertStatistics(stats -> stats.succeeded(3).failed(0));
        final JsonNode scaling = scaling(runner, "postsInOneJoin");
        assertThat(scaling.get("verdict").asText()).isEqualTo("MET");
        final List<String> fits = new ArrayList<>();
        scaling.get("counts").forEach(count -> fits.add(count.get("name").asText() + " "
                + count.get("fitted").asText()));
        // The time's class is whatever three noisy medians fit best; only the counts' classes are certain.
        scaling.get("informing").forEach(series -> fits.add(series.get("name").asText() + " "
                + (series.get("duration").asBoolean() ? "-" : series.get("fitted").asText())));
        assertThat(fits).containsExactly("shared blocks LINEAR", "statements CONSTANT", "time (median) -",
                "round trips CONSTANT", "rows returned LINEAR");
        assertThat(scaling.get("statements")).isEmpty();
        assertThat(scaling.get("reason").asText()).contains("statements 1.00x from topics=100 to topics=10,000,"
                + " allowed 1.50x (at most constant) (fits constant, ~ n^0.00, R² 1.00)");
    }

    /** The {@code scaling} object of the result of a method that carries one in {@code results.json}. */
    private static JsonNode scaling(FixtureRunner runner, String method) throws Exception {
        final JsonNode results = new ObjectMapper().readTree(runner.reportDirectory().resolve("results.json")
                .toFile()).get("results");
        for (JsonNode result : results) {
            if (result.get("method").asText().equals(method) && !result.get("scaling").isNull()) {
                return result.get("scaling");
            }
        }
        throw new AssertionError("no @ExpectScaling result of " + method + " in " + results);
    }

    @Postgres
    @Scale(name = "rows", small = {1_000, 10_000, 100_000})
    static class LookupCase {

        @DbFixture
        static void load(Connection db, long rows) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE t AS SELECT g AS k, md5(g::text) AS v FROM generate_series(1, "
                        + rows + ") g");
                if (indexed) {
                    statement.execute("CREATE INDEX t_k_idx ON t (k)");
                }
                statement.execute("ANALYZE t");
            }
        }

        @DbBenchmark(warmups = 0, samples = 3, opsPerSample = 1)
        @ExpectScaling(atMost = Growth.LOGARITHMIC)
        void lookup(Connection db) throws SQLException {
            try (PreparedStatement query = db.prepareStatement("SELECT v FROM t WHERE k = ?")) {
                query.setInt(1, 421);
                try (ResultSet rows = query.executeQuery()) {
                    rows.next();
                }
            }
        }

        @DbBenchmark(warmups = 0, samples = 3, opsPerSample = 1)
        @ExpectScaling(atMost = Growth.LINEAR)
        void count(Connection db) throws SQLException {
            try (Statement statement = db.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT count(*) FROM t WHERE v LIKE 'a%'")) {
                rows.next();
            }
        }
    }

    /** Topics with five posts each, their posts loaded one topic at a time (an N+1) and in one join. */
    @Postgres
    @Scale(name = "topics", small = {100, 1_000, 10_000})
    static class TopicsCase {

        @DbFixture
        static void load(Connection db, long topics) throws SQLException {
            try (Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE topic AS SELECT g AS id, 'topic ' || g AS title"
                        + " FROM generate_series(1, " + topics + ") g");
                statement.execute("CREATE TABLE post AS SELECT t.id * 10 + p AS id, t.id AS topic_id,"
                        + " md5((t.id * 10 + p)::text) AS body FROM topic t, generate_series(1, 5) p");
                statement.execute("CREATE INDEX post_topic_idx ON post (topic_id)");
                statement.execute("ANALYZE topic");
                statement.execute("ANALYZE post");
            }
        }

        @DbBenchmark(warmups = 0, samples = 3, opsPerSample = 1)
        @ExpectScaling(atMost = Growth.LINEAR, statements = Growth.CONSTANT)
        void postsOneTopicAtATime(Connection db) throws SQLException {
            final List<Integer> ids = new ArrayList<>();
            try (Statement statement = db.createStatement();
                    ResultSet topics = statement.executeQuery("SELECT id FROM topic ORDER BY id")) {
                while (topics.next()) {
                    ids.add(topics.getInt(1));
                }
            }
            try (PreparedStatement posts = db.prepareStatement("SELECT body FROM post WHERE topic_id = ?")) {
                for (int id : ids) {
                    posts.setInt(1, id);
                    try (ResultSet rows = posts.executeQuery()) {
                        while (rows.next()) {
                            rows.getString(1);
                        }
                    }
                }
            }
        }

        @DbBenchmark(warmups = 0, samples = 3, opsPerSample = 1)
        @ExpectScaling(atMost = Growth.LINEAR, statements = Growth.CONSTANT)
        void postsInOneJoin(Connection db) throws SQLException {
            try (Statement statement = db.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT t.id, p.body FROM topic t JOIN post p"
                            + " ON p.topic_id = t.id")) {
                while (rows.next()) {
                    rows.getString(2);
                }
            }
        }
    }
}
