package dev.dbbench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Seed 002's queries return what {@link WideTables} promises on a real PostgreSQL. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WideTablesPostgresTest {

    private static final int TABLES = 5;
    private static final int ROWS = 4_000;

    private final WideTables wide = new WideTables(11, TABLES, ROWS);
    private TestPostgres postgres;
    private Connection connection;

    @BeforeAll
    void load() throws Exception {
        postgres = TestPostgres.start();
        connection = postgres.connect();
        wide.createAndLoad(connection);
    }

    @AfterAll
    void stop() throws Exception {
        try (TestPostgres closing = postgres) {
            connection.close();
        }
    }

    @Test
    void everyTableHoldsItsRowsAsGenerated() throws Exception {
        for (int table = 1; table <= TABLES; table++) {
            assertThat(TestPostgres.scalar(connection, "SELECT count(*) FROM " + WideTables.tableName(table)))
                    .isEqualTo(ROWS);
        }
        assertThat(TestPostgres.rows(connection, "SELECT c1, c2, c30, c60 FROM t4 WHERE c1 = 777").get(0))
                .containsExactly(777, wide.value(4, 777, 2), wide.value(4, 777, 30), wide.value(4, 777, 60));
    }

    @Test
    void analyzeHasRunSoThePlannerKnowsTheRowCounts() throws Exception {
        assertThat(TestPostgres.scalar(connection, "SELECT reltuples::bigint FROM pg_class WHERE relname = 't5'"))
                .isEqualTo(ROWS);
    }

    @Test
    void countDistinctAndTheGroupBySevenCountEveryRow() throws Exception {
        assertThat(TestPostgres.scalar(connection, wide.countDistinct())).isEqualTo(ROWS);
        assertThat(TestPostgres.scalar(connection, wide.groupBySeven())).isEqualTo(ROWS);
    }

    @Test
    void everyJoinChainReturnsEveryRowOrTheFilteredOnes() throws Exception {
        for (int length = 2; length <= TABLES; length++) {
            assertThat(TestPostgres.scalar(connection, wide.joinChain(length, false))).as("chain of %d", length)
                    .isEqualTo(wide.joinChainRows(false)).isEqualTo(ROWS);
            assertThat(TestPostgres.scalar(connection, wide.joinChain(length, true))).as("filtered chain of %d", length)
                    .isEqualTo(wide.joinChainRows(true)).isEqualTo(ROWS / 500);
        }
    }
}
