package dev.dbbench.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * dbbench's own sessions wait seconds for a lock and minutes for a statement, never for ever; the
 * sessions a benchmark is given keep the server's defaults.
 */
class OwnSessionsTest {

    private static final String LIMITS = "-c lock_timeout=5000 -c statement_timeout=120000";

    @Test
    void theBoundsComeAfterTheOptionsADataSourceAlreadyHad() {
        final PGSimpleDataSource withOptions = new PGSimpleDataSource();
        withOptions.setOptions("-c search_path=bench");

        assertThat(OwnSessions.bounded(withOptions).getOptions()).isEqualTo("-c search_path=bench " + LIMITS);
        assertThat(OwnSessions.bounded(new PGSimpleDataSource()).getOptions()).isEqualTo(LIMITS);
    }

    @Test
    void onlyDbbenchsOwnSessionsAreBounded() throws Exception {
        final PostgresBinaries.Choice binaries = new PostgresBinaries(PostgresBinaries.defaultLocalRepository())
                .forMajor("17");
        try (PostgresProcess postgres = PostgresProcess.start(PostgresInstallation.unpack(binaries), Map.of())) {
            assertThat(show(postgres.adminDataSource(), "lock_timeout")).isEqualTo("5s");
            assertThat(show(postgres.adminDataSource(), "statement_timeout")).isEqualTo("2min");
            assertThat(show(postgres.dataSource("postgres"), "lock_timeout")).isEqualTo("0");
            assertThat(show(postgres.dataSource("postgres"), "statement_timeout")).isEqualTo("0");
        }
    }

    private static String show(DataSource dataSource, String setting) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
                ResultSet value = statement.executeQuery("SHOW " + setting)) {
            value.next();
            return value.getString(1);
        }
    }
}
