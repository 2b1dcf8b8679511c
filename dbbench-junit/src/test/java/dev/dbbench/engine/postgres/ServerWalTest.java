package dev.dbbench.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

import javax.sql.DataSource;

import dev.dbbench.engine.ServerWrites;
import org.junit.jupiter.api.Test;

/** The WAL of a call read record by record: what is the database's, and what depends on timing and is kept apart. */
class ServerWalTest {

    /**
     * A page whose rows were all replaced, read after a checkpoint by a session no older snapshot holds
     * back: the read prunes the page and logs it with a full-page image, which a read a moment earlier,
     * while a snapshot still needed the rows, would not have. PostgreSQL 17 logs it as
     * {@code PRUNE_ON_ACCESS}.
     */
    @Test
    void aPagePrunedOnAccessIsKeptOutOfTheDatabasesRecordsAndCountedApart() throws Exception {
        prunesOnAccess("17");
    }

    /** PostgreSQL 16 logs the same pruning as {@code PRUNE}, the record vacuum's pruning also writes. */
    @Test
    void aPagePrunedOnAccessIsKeptApartOnPostgres16Too() throws Exception {
        prunesOnAccess("16");
    }

    private static void prunesOnAccess(String major) throws Exception {
        final PostgresBinaries.Choice binaries = new PostgresBinaries(PostgresBinaries.defaultLocalRepository())
                .forMajor(major);
        try (PostgresProcess postgres = PostgresProcess.start(PostgresInstallation.unpack(binaries), Map.of())) {
            final DataSource database = postgres.dataSource("postgres");
            try (Connection setup = database.getConnection(); Statement statement = setup.createStatement()) {
                ServerWal.install(setup);
                statement.execute("CREATE TABLE t (id int, payload text) WITH (fillfactor = 100)");
                statement.execute("INSERT INTO t SELECT g, repeat('x', 100) FROM generate_series(1, 50) g");
                statement.execute("UPDATE t SET payload = repeat('y', 100)");
                statement.execute("CHECKPOINT");
            }
            try (Connection wal = postgres.adminDataSource().getConnection();
                    Connection reader = database.getConnection(); Statement read = reader.createStatement()) {
                final long from = inserted(wal);
                read.execute("SELECT count(*) FROM t");
                final long to = inserted(wal);

                final ServerWrites writes = ServerWal.read(wal, "postgres", from, to, ServerWal.Io.NONE).orElseThrow();

                assertThat(writes.prunedOnAccess()).isPositive();
                assertThat(writes.databaseRecords()).isZero();
                assertThat(writes.fullPageImageRecords()).isZero();
            }
        }
    }

    private static long inserted(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet lsn = statement.executeQuery(
                "SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::bigint")) {
            lsn.next();
            return lsn.getLong(1);
        }
    }
}
