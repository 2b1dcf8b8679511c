package dev.dbbench.engine.postgres;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * What dbbench asks of valgrind's callgrind to count a PostgreSQL backend's instructions exactly, and
 * how it reads the counts back.
 *
 * <p>Only the backend's own work is collected ({@code PostgresMain} and below), not the postmaster's
 * before the fork, and not the waiting for the client's next message; work driven by the clock
 * (statistics flushes, timers) is switched off or left out, so the same calls cost the same
 * instructions on every run. A backend writes a dump every time it enters the marker function, so
 * one session yields one count per segment between two markers.
 */
final class Callgrind {

    /** The query whose function makes the backend dump its counts: cheap, and in every supported major. */
    static final String MARKER = "SELECT pg_catalog.pg_notification_queue_usage()";

    /** Functions whose instructions are not counted: waiting for the client, and clock-driven work. */
    private static final List<String> TOGGLED = List.of("PostgresMain", "pq_getbyte", "pq_getmessage",
            "secure_write", "pgstat_report_stat", "enable_timeout_after", "disable_timeout");

    /**
     * Server settings for counting, over the target's own: nothing the clock drives (autovacuum,
     * statistics, checkpoints, background writes) and no parallel workers, whose work another process
     * would do.
     */
    static final Map<String, String> SETTINGS = Map.ofEntries(
            Map.entry("fsync", "off"), Map.entry("autovacuum", "off"), Map.entry("track_counts", "off"),
            Map.entry("full_page_writes", "off"), Map.entry("wal_level", "minimal"),
            Map.entry("max_wal_senders", "0"), Map.entry("checkpoint_timeout", "1d"),
            Map.entry("max_wal_size", "10GB"), Map.entry("bgwriter_lru_maxpages", "0"),
            Map.entry("max_parallel_workers_per_gather", "0"), Map.entry("jit", "off"));

    private Callgrind() {
    }

    /** The installed valgrind's version, such as {@code valgrind-3.19.0}, or empty when it does not run. */
    static Optional<String> version(String executable) {
        try {
            final Process process = new ProcessBuilder(executable, "--version").redirectErrorStream(true).start();
            process.getOutputStream().close();
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0 && output.startsWith("valgrind")
                    ? Optional.of(output) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** The command that runs the server under callgrind, writing {@code cg.<pid>.<n>} files into {@code out}. */
    static List<String> wrapper(String executable, Path out) {
        final List<String> command = new ArrayList<>(List.of(executable, "--tool=callgrind",
                "--callgrind-out-file=" + out.resolve("cg.%p"), "--collect-atstart=no"));
        TOGGLED.forEach(function -> command.add("--toggle-collect=" + function));
        command.add("--dump-before=" + MARKER.substring(MARKER.lastIndexOf('.') + 1, MARKER.indexOf('(')));
        return command;
    }

    /** The target's settings with the counting settings over them. */
    static Map<String, String> settings(Map<String, String> target) {
        final Map<String, String> settings = new TreeMap<>(target);
        settings.putAll(SETTINGS);
        return settings;
    }

    /** The file of a backend's {@code n}-th dump (from 1). */
    static Path dump(Path out, long pid, int n) {
        return out.resolve("cg." + pid + "." + n);
    }

    /** The instructions a dump counted: its {@code totals:} line (or {@code summary:}, which is the same). */
    static long totals(List<String> dump) {
        for (int i = dump.size() - 1; i >= 0; i--) {
            final String line = dump.get(i);
            if (line.startsWith("totals:") || line.startsWith("summary:")) {
                return Long.parseLong(line.substring(line.indexOf(':') + 1).strip());
            }
        }
        throw new IllegalStateException("a callgrind dump without a totals line");
    }

    static long totals(Path dump) throws IOException {
        return totals(Files.readAllLines(dump, StandardCharsets.UTF_8));
    }
}
