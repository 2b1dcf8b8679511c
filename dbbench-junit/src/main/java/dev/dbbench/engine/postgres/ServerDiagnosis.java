package dev.dbbench.engine.postgres;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why a failure on an embedded server was the server's doing, in PostgreSQL's own words where its
 * log has them: its postmaster died, is shutting down on a request that did not come from dbbench
 * (which stops a server only when it closes it), or ended every session and recovered after one of
 * its processes crashed.
 */
record ServerDiagnosis(State state, String text) {

    /** What became of the server. */
    enum State {
        /** The postmaster is gone, and the databases with it. */
        DIED,
        /** The postmaster takes no new connections and stops once its sessions end. */
        STOPPING,
        /** Every session was ended and the databases recovered; the server runs again. */
        RESTARTED
    }

    /** The session was ended by the server: a shutdown, a crash of another process, a server not taking connections. */
    private static final Set<String> SESSION_ENDED = Set.of("57P01", "57P02", "57P03");
    /** A client may see its session end a moment before the postmaster exits or logs why. */
    private static final Duration SETTLE = Duration.ofSeconds(2);
    /** The end of the log that is read: the lines of what just happened, however long the log grew. */
    private static final int TAIL_BYTES = 64 * 1024;
    private static final Pattern SHUTDOWN_REQUEST = Pattern.compile("received (smart|fast|immediate) shutdown request");
    private static final Map<String, String> SHUTDOWN_SIGNALS = Map.of(
            "smart", "SIGTERM", "fast", "SIGINT", "immediate", "SIGQUIT");
    /** The postmaster's line once a process crashed; the line naming that process comes before it. */
    private static final String RESTARTING = "terminating any other active server processes";
    private static final Pattern CRASHED = Pattern.compile("\\(PID \\d+\\) (was terminated by signal|exited with exit code)");
    private static final Pattern LOG_PREFIX = Pattern.compile("^.*?\\b(LOG|FATAL|PANIC):\\s+");
    /** What a failed benchmark on a server that is gone or going means for the benchmarks after it. */
    private static final String GONE = " The benchmark's figures are not recorded; the class's other benchmarks on"
            + " this server fail the same way, and the next class gets a new server.";

    /**
     * The diagnosis of {@code failure} on the server {@code postgres} of {@code port} and {@code folder}:
     * any failure once its postmaster is gone; a lost connection when the log says the server stops or
     * restarted; empty for every other failure, which the server did not cause.
     */
    static Optional<ServerDiagnosis> of(Process postgres, int port, Path folder, Path log, Throwable failure) {
        final String server = "on port " + port + " (folder " + folder + ")";
        if (!postgres.isAlive()) {
            return Optional.of(died(postgres, server, log));
        }
        if (!connectionLost(failure)) {
            return Optional.empty();
        }
        final long deadline = System.nanoTime() + SETTLE.toNanos();
        do {
            final List<String> lines = tail(log);
            final Optional<String> request = shutdownRequest(lines);
            if (request.isPresent()) {
                return Optional.of(new ServerDiagnosis(State.STOPPING, server + " is shutting down: it received a "
                        + request.get() + ", and takes no new connections." + GONE + lastLines(log)));
            }
            final Optional<String> crash = crash(lines);
            if (crash.isPresent()) {
                return Optional.of(new ServerDiagnosis(State.RESTARTED, server + " restarted: " + crash.get()
                        + ", so PostgreSQL ended every session and recovered its databases. The benchmark's figures"
                        + " are not recorded; the benchmarks after it run on the recovered server." + lastLines(log)));
            }
            try {
                if (postgres.waitFor(50, TimeUnit.MILLISECONDS)) {
                    return Optional.of(died(postgres, server, log));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        } while (System.nanoTime() < deadline);
        return Optional.empty();
    }

    private static ServerDiagnosis died(Process postgres, String server, Path log) {
        final Optional<String> request = shutdownRequest(tail(log));
        final int code = postgres.exitValue();
        // The JVM reports a process ended by a signal as 128 plus its number; PostgreSQL exits with 0 to 2.
        final String how = request.isPresent() ? "stopped on a " + request.get()
                : code > 128 ? "was killed by signal " + (code - 128) : "exited with code " + code;
        return new ServerDiagnosis(State.DIED, server + " died: its postmaster (PID " + postgres.pid() + ") " + how
                + "." + GONE + lastLines(log));
    }

    /** A connection that broke, was refused, or was ended by the server, anywhere in the failure's causes. */
    private static boolean connectionLost(Throwable failure) {
        int depth = 0;
        for (Throwable cause = failure; cause != null && depth < 20; cause = cause.getCause(), depth++) {
            if (cause instanceof IOException) {
                return true;
            }
            if (cause instanceof SQLException sql && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("08") || SESSION_ENDED.contains(sql.getSQLState()))) {
                return true;
            }
        }
        return false;
    }

    /** The last shutdown request of the log, with the signal that asks for it. */
    private static Optional<String> shutdownRequest(List<String> lines) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            final Matcher request = SHUTDOWN_REQUEST.matcher(lines.get(i));
            if (request.find()) {
                return Optional.of(request.group(1) + " shutdown request (" + SHUTDOWN_SIGNALS.get(request.group(1))
                        + ")");
            }
        }
        return Optional.empty();
    }

    /** The log's last crash of a server process, as the postmaster described it. */
    private static Optional<String> crash(List<String> lines) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).contains(RESTARTING)) {
                for (int j = i - 1; j >= 0; j--) {
                    if (CRASHED.matcher(lines.get(j)).find()) {
                        return Optional.of(LOG_PREFIX.matcher(lines.get(j)).replaceFirst(""));
                    }
                }
                return Optional.of("a server process crashed");
            }
        }
        return Optional.empty();
    }

    private static String lastLines(Path log) {
        return " Its last log lines:\n" + PostgresProcess.lastLines(log);
    }

    private static List<String> tail(Path log) {
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            final long start = Math.max(0, file.length() - TAIL_BYTES);
            final byte[] bytes = new byte[(int) (file.length() - start)];
            file.seek(start);
            file.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
