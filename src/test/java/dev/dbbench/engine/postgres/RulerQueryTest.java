package dev.dbbench.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbbench.engine.EngineKind;
import dev.dbbench.engine.EngineTarget;
import dev.dbbench.engine.ProviderKind;
import dev.dbbench.engine.ScratchDatabase;
import org.junit.jupiter.api.Test;

/** The engine ruler must measure executor CPU only: a workload that spills to disk would time the disk. */
class RulerQueryTest {

    @Test
    void theRulerQueryStreamsItsSeriesWithoutTempFiles() throws Exception {
        final EngineTarget target = new EngineTarget(EngineKind.POSTGRES, "17", new TreeMap<>(),
                ProviderKind.EMBEDDED, "");
        try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(target);
                ScratchDatabase database = server.createDatabase("ruler");
                Connection connection = database.dataSource().orElseThrow().getConnection();
                Statement statement = connection.createStatement();
                ResultSet explain = statement.executeQuery(
                        "EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) " + PostgresFingerprint.RULER_QUERY)) {
            explain.next();
            final List<JsonNode> nodes = new ArrayList<>();
            collect(new ObjectMapper().readTree(explain.getString(1)).get(0).get("Plan"), nodes);

            assertThat(nodes).extracting(node -> node.get("Node Type").asText())
                    .contains("ProjectSet").doesNotContain("Function Scan");
            assertThat(nodes).allSatisfy(node -> {
                assertThat(node.get("Temp Written Blocks").asLong()).isZero();
                assertThat(node.get("Temp Read Blocks").asLong()).isZero();
            });
        }
    }

    private static void collect(JsonNode plan, List<JsonNode> nodes) {
        nodes.add(plan);
        if (plan.has("Plans")) {
            plan.get("Plans").forEach(child -> collect(child, nodes));
        }
    }
}
