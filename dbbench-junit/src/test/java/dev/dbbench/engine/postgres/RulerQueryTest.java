package dev.dbbench.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.TreeMap;

import javax.sql.DataSource;

import dev.dbbench.engine.ScratchDatabase;
import dev.dbbench.explain.PlanExplainer;
import dev.dbbench.explain.RecordingJdbc;
import dev.dbbench.explain.StatementLog;
import dev.dbbench.explain.StatementPlan;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderKind;
import org.junit.jupiter.api.Test;

/** The engine ruler must measure executor CPU only: a workload that spills to disk would time the disk. */
class RulerQueryTest {

    @Test
    void theRulerQueryStreamsItsSeriesWithoutTempFiles() throws Exception {
        final EngineTarget target = new EngineTarget(EngineKind.POSTGRES, "17", new TreeMap<>(),
                ProviderKind.EMBEDDED, "");
        try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(target);
                ScratchDatabase database = server.createDatabase("ruler")) {
            final DataSource dataSource = database.dataSource().orElseThrow();
            final StatementLog log = new StatementLog();
            try (Connection connection = RecordingJdbc.record(dataSource.getConnection(), log);
                    Statement statement = connection.createStatement();
                    ResultSet sum = statement.executeQuery(PostgresFingerprint.RULER_QUERY)) {
                sum.next();
            }

            final List<StatementPlan> plans = new PlanExplainer().explain(dataSource, log, Duration.ofMinutes(1))
                    .statements().plans();

            assertThat(plans).hasSize(1);
            assertThat(plans.get(0).shape()).extracting(String::strip)
                    .contains("ProjectSet").doesNotContain("Function Scan");
            // Buffer counts of the top node include its children's.
            assertThat(plans.get(0).tempBlocks()).isZero();
        }
    }
}
