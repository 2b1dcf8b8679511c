package dev.dbbench.engine;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * Captures what one call of a benchmark's body does to its class's database, whichever of the
 * database's connections it goes through: the traffic of the calling thread, each statement it
 * executes on the connections the database handed to the application, and, where the server counts
 * statements itself, how many it ran on the database meanwhile, on any connection.
 */
@FunctionalInterface
public interface CaptureProbe {

    /**
     * What the call did.
     *
     * @param traffic what the calling thread sent and received, requests not named
     * @param serverStatements the statements the server ran on the database during the call, by its own
     *     count; empty where the server does not count them
     * @param writes what those statements wrote, by the server's count; empty where it does not count them
     */
    record Captured(Traffic traffic, OptionalLong serverStatements, Optional<Writes> writes) {
    }

    /** Captures {@code call}; the statements it executes on the application's connections are told to {@code statements}. */
    Captured during(StatementListener statements, TrafficProbe.Call call) throws Throwable;
}
