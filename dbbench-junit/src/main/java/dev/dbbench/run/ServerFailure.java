package dev.dbbench.run;

/** A failure its engine server explains: the server died, shuts down or restarted under it. */
final class ServerFailure extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    ServerFailure(String message, Throwable cause) {
        super(message, cause);
    }

    /** Whether {@code failure} or one of its causes says so already, which a second diagnosis would repeat. */
    static boolean in(Throwable failure) {
        int depth = 0;
        for (Throwable cause = failure; cause != null && depth < 20; cause = cause.getCause(), depth++) {
            if (cause instanceof ServerFailure) {
                return true;
            }
        }
        return false;
    }
}
