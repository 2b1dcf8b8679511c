package dev.dbbench.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.SQLException;

import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.ExpectFasterThan;
import dev.dbbench.api.Postgres;
import dev.dbbench.workload.WideTables;
import org.junit.jupiter.api.BeforeAll;

/** Seed 002 on PostgreSQL. */
@Postgres
class WideTablesBench {

    static final WideTables TABLES = new WideTables(2, 6, 20_000);

    @BeforeAll
    static void load(Connection db) throws SQLException {
        TABLES.createAndLoad(db);
    }

    @DbBenchmark
    @ExpectFasterThan(value = "groupBySeven", by = 1.0)
    void countDistinct(Connection db) throws SQLException {
        assertEquals(TABLES.rows(), Rows.number(db, TABLES.countDistinct()));
    }

    @DbBenchmark
    void groupBySeven(Connection db) throws SQLException {
        assertEquals(TABLES.rows(), Rows.number(db, TABLES.groupBySeven()));
    }

    @DbBenchmark
    @ExpectFasterThan(value = "joinAll", by = 1.0)
    void joinTwo(Connection db) throws SQLException {
        assertEquals(TABLES.joinChainRows(false), Rows.number(db, TABLES.joinChain(2, false)));
    }

    @DbBenchmark
    void joinAll(Connection db) throws SQLException {
        assertEquals(TABLES.joinChainRows(false), Rows.number(db, TABLES.joinChain(TABLES.tables(), false)));
    }

    @DbBenchmark
    @ExpectFasterThan(value = "joinAll", by = 1.0)
    void joinAllFiltered(Connection db) throws SQLException {
        assertEquals(TABLES.joinChainRows(true), Rows.number(db, TABLES.joinChain(TABLES.tables(), true)));
    }
}
