package dev.dbbench.api;

/**
 * Where the server of an engine annotation comes from; {@link #DEFAULT} takes
 * {@link ConfigKeys#PROVIDER}.
 */
public enum Provider {
    /** Not set on the annotation: {@link ConfigKeys#PROVIDER} decides, then {@link #AUTO}. */
    DEFAULT,
    /** {@link #CONTAINERS} when Docker answers, else {@link #EMBEDDED}. */
    AUTO,
    /** A throwaway Docker container per target, started with Testcontainers. */
    CONTAINERS,
    /**
     * In-process: real PostgreSQL binaries, or for MongoDB the mongo-java-server emulator, labelled
     * {@code emulated} because its timings say nothing about MongoDB.
     */
    EMBEDDED,
    /** A server the user runs, named by {@link ConfigKeys#POSTGRES_URL} or {@link ConfigKeys#MONGODB_URI}. */
    EXTERNAL
}
