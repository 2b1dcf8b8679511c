package dev.dbbench.config;

/** The engine versions dbbench accepts, wherever they are declared. */
public final class Versions {

    /** What a PostgreSQL version may be, for messages. */
    public static final String POSTGRES_ALLOWED = "a PostgreSQL major version from 14 to 18";
    /** What a MongoDB version may be, for messages. */
    public static final String MONGO_ALLOWED = "a MongoDB version as major.minor, such as 8.0";

    private Versions() {
    }

    public static boolean isPostgresMajor(String version) {
        return version.matches("1[4-8]");
    }

    public static boolean isMongoVersion(String version) {
        return version.matches("\\d+\\.\\d+");
    }
}
