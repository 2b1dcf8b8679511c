package dev.dbbench.config;

import java.time.Duration;
import java.util.Optional;

import dev.dbbench.api.ConfigKeys;

/**
 * How providers start servers, beyond what a target says: container details and where the external
 * servers are.
 *
 * @param tmpfs whether container data directories live on a tmpfs
 * @param pullTimeout longest wait for an image that is not present locally
 * @param counting whether and with which valgrind server instructions are counted
 */
public record EngineOptions(boolean tmpfs, Duration pullTimeout, Optional<ExternalPostgres> externalPostgres,
        Optional<String> externalMongoUri, Counting counting) {

    /** How instructions are counted. */
    public record Counting(CountMode mode, String valgrind) {

        /** No counting, for uses that never count, such as starting a server on its own. */
        public static final Counting OFF = new Counting(CountMode.OFF, ConfigKeys.DEFAULT_COUNT_VALGRIND);
    }

    /** Where the external PostgreSQL server is; {@link #toString()} never shows the password. */
    public record ExternalPostgres(String url, String user, String password) {

        @Override
        public String toString() {
            return Redaction.url(url) + " as " + user;
        }
    }

    @Override
    public String toString() {
        return "EngineOptions[tmpfs=" + tmpfs + ", pullTimeout=" + pullTimeout + ", externalPostgres="
                + externalPostgres + ", externalMongoUri=" + externalMongoUri.map(Redaction::url) + ", counting="
                + counting + "]";
    }
}
