package dev.dbbench.engine.postgres;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.SortedMap;
import java.util.TreeMap;

import javax.sql.DataSource;

import dev.dbbench.engine.RulerWorkload;
import dev.dbbench.spec.EngineTarget;

/** Reads the settings that decide what a benchmark measures; shared by every PostgreSQL provider. */
final class PostgresFingerprint {

    private static final String[] SETTINGS = {
        "fsync", "synchronous_commit", "full_page_writes", "shared_buffers", "work_mem",
        "jit", "max_parallel_workers_per_gather", "random_page_cost",
    };

    private PostgresFingerprint() {
    }

    static final String RULER_QUERY = sumOfSquares(500_000);
    /** A twentieth of the ruler, about 2 ms on a two-core runner. */
    static final String RULER_SLICE_QUERY = sumOfSquares(25_000);

    /**
     * Multiply-adds in the executor: server CPU, no client work, and no I/O. The series is a
     * set-returning function in the select list, which streams its rows; in FROM it would be
     * materialized first, and half a million rows spill past the default work_mem into temp files.
     */
    private static String sumOfSquares(int rows) {
        return "SELECT sum(g::bigint * g) FROM (SELECT generate_series(1, " + rows + ") AS g) AS series";
    }

    static RulerWorkload rulerWorkload(DataSource admin) throws SQLException {
        final Connection connection = admin.getConnection();
        return new RulerWorkload() {
            @Override
            public void run() throws SQLException {
                sum(RULER_QUERY);
            }

            @Override
            public void slice() throws SQLException {
                sum(RULER_SLICE_QUERY);
            }

            private void sum(String query) throws SQLException {
                try (Statement statement = connection.createStatement();
                        ResultSet sum = statement.executeQuery(query)) {
                    sum.next();
                }
            }

            @Override
            public void close() throws SQLException {
                connection.close();
            }
        };
    }

    static SortedMap<String, String> read(DataSource admin) throws SQLException {
        final SortedMap<String, String> facts = new TreeMap<>();
        try (Connection connection = admin.getConnection(); Statement statement = connection.createStatement()) {
            try (ResultSet version = statement.executeQuery("SHOW server_version")) {
                version.next();
                facts.put("engine.version", version.getString(1));
            }
            for (String setting : SETTINGS) {
                try (ResultSet value = statement.executeQuery("SHOW " + setting)) {
                    value.next();
                    facts.put("engine.setting." + setting, value.getString(1));
                }
            }
        }
        return facts;
    }

    /**
     * Fails when the server runs another major version than the target declares, so that a result is
     * never recorded under a version it did not run on.
     *
     * @param source what the server came from, such as the image name, for the message
     */
    static void requireDeclaredMajor(EngineTarget target, SortedMap<String, String> facts, String source) {
        final String version = facts.getOrDefault("engine.version", "");
        final String major = version.replaceFirst("^(\\d+).*$", "$1");
        if (!major.equals(target.version())) {
            throw new IllegalStateException(source + " runs PostgreSQL " + version + ", but the target ["
                    + target.label() + "] declares major version " + target.version() + "; declare @Postgres(version = \""
                    + major + "\") or set dbbench.postgres.version=" + major + ", or use a server of version "
                    + target.version());
        }
    }
}
