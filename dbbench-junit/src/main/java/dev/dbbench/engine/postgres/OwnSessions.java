package dev.dbbench.engine.postgres;

import java.time.Duration;

import org.postgresql.ds.PGSimpleDataSource;

/**
 * Bounds on the statements dbbench runs on sessions of its own (fingerprints, the machine-speed
 * ruler and its slices, CREATE and DROP DATABASE), so that a lock a benchmark left held or a server
 * that stops answering fails a run in bounded time instead of hanging it.
 */
final class OwnSessions {

    /** None of these statements should wait for a lock at all. */
    static final Duration LOCK_TIMEOUT = Duration.ofSeconds(5);

    /** The slowest of them, CREATE DATABASE, takes about a second on an idle server. */
    static final Duration STATEMENT_TIMEOUT = Duration.ofMinutes(2);

    private OwnSessions() {
    }

    /** {@code dataSource}, its sessions started with both bounds, after any options it already had. */
    static PGSimpleDataSource bounded(PGSimpleDataSource dataSource) {
        final String limits = "-c lock_timeout=" + LOCK_TIMEOUT.toMillis() + " -c statement_timeout="
                + STATEMENT_TIMEOUT.toMillis();
        final String given = dataSource.getOptions();
        dataSource.setOptions(given == null || given.isBlank() ? limits : given + " " + limits);
        return dataSource;
    }
}
