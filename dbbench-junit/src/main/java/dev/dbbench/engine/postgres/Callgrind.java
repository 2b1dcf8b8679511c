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
import java.util.stream.Collectors;

import dev.dbbench.text.Digests;

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

    /** Where the dynamic loader is, on the machines valgrind and the embedded binaries support. */
    private static final List<Path> LOADERS = List.of(Path.of("/lib64/ld-linux-x86-64.so.2"),
            Path.of("/lib/ld-linux-aarch64.so.1"));

    /** Functions whose instructions are not counted: waiting for the client, and clock-driven work. */
    private static final List<String> TOGGLED = List.of("PostgresMain", "pq_getbyte", "pq_getmessage",
            "secure_write", "pgstat_report_stat", "enable_timeout_after", "disable_timeout");

    /**
     * Server settings for counting, over the target's own: nothing the clock drives (autovacuum,
     * statistics, checkpoints, background writes, the WAL writer's rounds) and no parallel workers, whose
     * work another process would do. Commits are synchronous: a read marks a row committed (hint bits)
     * only once its inserting commit is on disk, which after an asynchronous commit the WAL writer does
     * when the scheduler lets it, so a read of fresh rows would count more or fewer instructions by the
     * machine's timing (on one core, 2% more on a count of just-inserted rows).
     */
    static final Map<String, String> SETTINGS = Map.ofEntries(
            Map.entry("fsync", "off"), Map.entry("synchronous_commit", "on"), Map.entry("autovacuum", "off"),
            Map.entry("track_counts", "off"), Map.entry("full_page_writes", "off"), Map.entry("wal_level", "minimal"),
            Map.entry("max_wal_senders", "0"), Map.entry("checkpoint_timeout", "1d"),
            Map.entry("max_wal_size", "10GB"), Map.entry("bgwriter_lru_maxpages", "0"),
            Map.entry("wal_writer_delay", "10s"), Map.entry("max_parallel_workers_per_gather", "0"),
            Map.entry("jit", "off"));

    private Callgrind() {
    }

    /** The installed valgrind's version, such as {@code valgrind-3.19.0}, or empty when it does not run. */
    static Optional<String> version(String executable) {
        return output(List.of(executable, "--version")).filter(output -> output.startsWith("valgrind"));
    }

    /**
     * What decides a count besides the work, stored with it so counts of another counter are shown, not
     * compared: {@code callgrind valgrind-3.19.0, settings 5e0c71a2, postgres 17.6.0 binaries, glibc 2.36,
     * guest CPU haswell cd520055}. The settings part is a digest of {@link #SETTINGS}, so a dbbench whose
     * counting server runs otherwise does not report its counts as the project's regression.
     */
    static String counter(String valgrindVersion, String binariesVersion, String executable) {
        return "callgrind " + valgrindVersion + ", settings " + Digests.sha256(new TreeMap<>(SETTINGS).toString(), 4)
                + ", postgres " + binariesVersion + " binaries, " + guestPlatform(executable);
    }

    /**
     * The platform the server's code sees under valgrind, as far as it decides which instructions run:
     * the C library's version and the CPU valgrind presents, whose features pick the library's string
     * and memory routines. Valgrind presents one of a few fixed CPUs, chosen by what the host can do,
     * so hosts of one class agree; a host of another class, or another C library, would run other
     * routines, and its counts are another program's. Read by asking the dynamic loader, under
     * valgrind, for its diagnostics.
     */
    static String guestPlatform(String executable) {
        return LOADERS.stream().filter(Files::isExecutable).findFirst()
                .flatMap(loader -> output(List.of(executable, "--tool=none", "-q", loader.toString(),
                        "--list-diagnostics")))
                .map(output -> platform(output.lines().toList()))
                .orElse("platform not read (the C library lists no diagnostics)");
    }

    /**
     * {@code glibc 2.36, guest CPU haswell 1a2b3c4d}: the loader's platform, and a digest of the CPU facts
     * that pick routines: on x86 the features the C library takes as usable ({@code active}), its
     * preferences, ISA level, cache sizes and copy thresholds, not the raw CPUID words nor the CPU's
     * family, model and stepping, which differ between hosts whose code runs the same instructions (the
     * example baselines, counted on one host class, were counted again on another within 0.10 %).
     */
    static String platform(List<String> diagnostics) {
        final Map<String, String> facts = new TreeMap<>();
        diagnostics.stream().filter(line -> line.contains("=")).forEach(line ->
                facts.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1)));
        final String cpu = facts.entrySet().stream().filter(fact -> picksRoutines(fact.getKey()))
                .map(fact -> fact.getKey() + "=" + fact.getValue() + "\n").collect(Collectors.joining());
        return "glibc " + unquoted(facts.getOrDefault("version.version", "?")) + ", guest CPU "
                + unquoted(facts.getOrDefault("dl_platform", "?")) + " " + Digests.sha256(cpu, 4);
    }

    /** Whether a loader diagnostic decides which routines run (see {@link #platform}). */
    private static boolean picksRoutines(String key) {
        if (key.startsWith("x86.")) {
            return !key.contains(".cpuid[") && !key.startsWith("x86.cpu_features.basic.");
        }
        return key.startsWith("aarch64.");
    }

    private static String unquoted(String value) {
        return value.replace("\"", "");
    }

    /** What a short command printed, or empty when it could not run or failed. */
    private static Optional<String> output(List<String> command) {
        try {
            final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0 ? Optional.of(output)
                    : Optional.empty();
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
