package dev.dbbench.engine;

import java.util.OptionalLong;

/**
 * Captures what one call of a benchmark's body does to its class's database, whichever of the
 * database's connections or clients it goes through: its traffic, each statement it executes on the
 * connections the database handed to the application (PostgreSQL), what the server itself counted
 * meanwhile, and the other figures the engine measures of a call ({@link Facts}).
 */
@FunctionalInterface
public interface CaptureProbe {

    /**
     * What the call did.
     *
     * @param traffic what the call sent and received; its requests not named where the statements the
     *     capture told to its listener name them (PostgreSQL)
     * @param serverStatements the statements the server ran on the database during the call, by its own
     *     count, to be checked against those the listener heard; empty where the engine does not count them
     *     so (it then says what it did not see in {@code traffic}'s unseen count)
     * @param facts the other figures the server gave, such as what the statements wrote
     */
    record Captured(Traffic traffic, OptionalLong serverStatements, Facts facts) {
    }

    /** One call whose work is captured. */
    @FunctionalInterface
    interface Call {
        void run() throws Throwable;
    }

    /** Captures {@code call}; the statements it executes on the application's connections are told to {@code statements}. */
    Captured during(StatementListener statements, Call call) throws Throwable;
}
