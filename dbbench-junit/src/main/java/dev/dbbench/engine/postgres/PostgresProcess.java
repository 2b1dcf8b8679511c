package dev.dbbench.engine.postgres;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.sql.DataSource;

import dev.dbbench.text.Digests;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A PostgreSQL server process of unpacked binaries, started without a shell so that every setting
 * reaches the server exactly as written; its log explains a server that does not start or that died.
 *
 * <p>io.zonky's EmbeddedPostgres, which dbbench used before, passes the settings to {@code pg_ctl -o},
 * which hands them to {@code /bin/sh}: a setting holding {@code $(...)} ran a command, and one holding
 * {@code <} or {@code >} kept the server from starting. It also waited out its full start timeout for
 * a server that had already exited, and kept PostgreSQL's reason in a log nobody saw.
 */
final class PostgresProcess implements AutoCloseable {

    static final String SUPERUSER = "postgres";

    /** The settings every embedded server starts with unless the target sets them: a throwaway server. */
    private static final Map<String, String> DEFAULTS = Map.of(
            "fsync", "off", "synchronous_commit", "off", "timezone", "UTC", "max_connections", "300");

    /**
     * initdb's arguments besides the data directory and the password file: a throwaway cluster whose
     * every connection, local or over TCP, authenticates with the superuser's password.
     */
    private static final List<String> INITDB_ARGUMENTS = List.of("-A", "scram-sha-256", "-U", SUPERUSER, "-E",
            "UTF-8", "--no-sync");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration LEFT_BEHIND = Duration.ofMinutes(1);
    private static final int LOG_LINES = 20;
    private static final int PORT_ATTEMPTS = 3;
    private static final String OWNER_LOCK = "owner.lock";
    private static final String SERVER_LOG = "server.log";
    /** How a server stops: a fast shutdown, which ends the sessions, then an immediate one. */
    private static final List<String> CLEAN_STOP = List.of("fast", "immediate");

    /**
     * The server directories of this JVM. Their owner locks are never opened by the left-behind
     * check: a lock belongs to the process, and closing any channel to its file would release it.
     */
    private static final Set<Path> OWNED = ConcurrentHashMap.newKeySet();

    private final Path binaries;
    private final List<String> asUnprivileged;
    private final String password;
    private final Path directory;
    private final FileChannel ownerChannel;
    private final Process process;
    private final int port;
    private final List<String> stopModes;
    private final Thread shutdownHook;
    private boolean closed;

    private PostgresProcess(Path binaries, List<String> asUnprivileged, String password, Path directory,
            FileChannel ownerChannel, Process process, int port, List<String> stopModes) {
        this.binaries = binaries;
        this.asUnprivileged = asUnprivileged;
        this.password = password;
        this.directory = directory;
        this.ownerChannel = ownerChannel;
        this.process = process;
        this.port = port;
        this.stopModes = stopModes;
        this.shutdownHook = new Thread(this::closeQuietly, "dbbench-stop-postgres-" + port);
    }

    /**
     * Starts a server with the given settings over {@link #DEFAULTS} on a fresh cluster, a copy of this
     * machine's {@link ClusterTemplate}; fails as soon as the server exits, with its last log lines.
     */
    static PostgresProcess start(Path binaries, Map<String, String> settings) throws IOException {
        return start(binaries, settings, PostgresInstallation.home().resolve("clusters"));
    }

    /** The same with the cluster templates in {@code templates}. */
    static PostgresProcess start(Path binaries, Map<String, String> settings, Path templates) throws IOException {
        final List<String> asUnprivileged = asUnprivileged();
        final Path passwordFile = PostgresInstallation.superuserPasswordFile();
        final String password = Files.readString(passwordFile, StandardCharsets.US_ASCII);
        final List<String> initdbArguments = new ArrayList<>(INITDB_ARGUMENTS);
        initdbArguments.add("--pwfile=" + passwordFile);
        // The password is part of the cluster: a new one makes a new template, never a copy it cannot open.
        final List<String> cluster = new ArrayList<>(command(binaries, asUnprivileged, "initdb", initdbArguments));
        cluster.add("password " + Digests.sha256(password, 8));
        final ClusterTemplate template = new ClusterTemplate(templates, cluster, data -> {
            final List<String> arguments = new ArrayList<>(initdbArguments);
            arguments.addAll(List.of("-D", data.toString()));
            run(binaries, asUnprivileged, data.resolveSibling("initdb.log"), "initdb",
                    arguments.toArray(String[]::new));
        });
        return start(binaries, asUnprivileged, password, settings, List.of(), CLEAN_STOP, template::copyTo);
    }

    /**
     * Starts another server on a copy of this one's data, taken while it runs with PostgreSQL's
     * low-level base backup: every database as it is now, consistent once the copy has replayed the
     * WAL written during the copy. It stops at once, without the shutdown checkpoint, whose writes
     * would go with the copy's files (under valgrind the checkpoint runs some fifty times slower).
     *
     * @param wrapper a command that runs the server, such as valgrind with its options; may be empty
     */
    PostgresProcess startCopy(Map<String, String> settings, List<String> wrapper) throws IOException {
        return start(binaries, asUnprivileged, password, settings, wrapper, List.of("immediate"), data -> {
            try {
                BaseBackup.copy(dataSource("postgres"), directory.resolve("data"), data);
            } catch (SQLException e) {
                throw new IOException("could not copy the server's data: " + e.getMessage(), e);
            }
        });
    }

    /** Makes a data directory. */
    @FunctionalInterface
    interface DataMaker {
        void make(Path data) throws IOException;
    }

    private static PostgresProcess start(Path binaries, List<String> asUnprivileged, String password,
            Map<String, String> settings, List<String> wrapper, List<String> stopModes, DataMaker maker)
            throws IOException {
        final Path servers = Files.createDirectories(PostgresInstallation.home().resolve("servers"));
        stopLeftBehind(servers);
        final Path directory = Files.createTempDirectory(servers, "server-");
        OWNED.add(directory);
        final CompletableFuture<Boolean> started = new CompletableFuture<>();
        final Thread unstarted = new Thread(() -> removeUnstarted(directory, started), "dbbench-remove-server-folder");
        // Held while the server lives: whoever can take it knows the server was left behind by a dead JVM.
        final FileChannel ownerChannel = FileChannel.open(directory.resolve(OWNER_LOCK),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            Runtime.getRuntime().addShutdownHook(unstarted);
            ownerChannel.lock();
            final Path data = directory.resolve("data");
            maker.make(data);
            final Path log = directory.resolve(SERVER_LOG);
            final List<String> prefix = new ArrayList<>(asUnprivileged);
            prefix.addAll(wrapper);
            for (int attempt = 1; ; attempt++) {
                final int port = freePort();
                final PostgresProcess server = new PostgresProcess(binaries, asUnprivileged, password, directory,
                        ownerChannel, postgres(binaries, prefix, data, port, settings, log), port, stopModes)
                        .stoppedOnExit();
                final Optional<String> failure = server.awaitReady();
                if (failure.isEmpty()) {
                    settle(unstarted, started, true);
                    return server;
                }
                server.stop();
                Runtime.getRuntime().removeShutdownHook(server.shutdownHook);
                // Another process may take the free port between our look and the server's bind.
                if (attempt == PORT_ATTEMPTS || !Files.readString(log).contains("could not bind")) {
                    throw new IOException(failure.get() + "; its last log lines:\n" + lastLines(log));
                }
            }
        } catch (IOException | RuntimeException e) {
            ownerChannel.close();
            PostgresInstallation.deleteRecursively(directory);
            OWNED.remove(directory);
            settle(unstarted, started, false);
            throw e;
        }
    }

    /**
     * The shutdown hook of a server's folder until the server's own is registered: a JVM stopped meanwhile
     * (Ctrl-C, SIGTERM) would leave the cluster copied so far. The starting thread runs on while the JVM
     * stops, so the hook waits for the start to settle (it fails: no hook can be registered any more)
     * rather than delete under a copy in progress, then removes what the start left.
     */
    private static void removeUnstarted(Path directory, CompletableFuture<Boolean> started) {
        try {
            if (started.get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // A start stuck this long is cut off when the JVM halts; its folder goes now.
        }
        PostgresInstallation.deleteRecursively(directory);
    }

    /** Ends the guard of a server's folder: the start returned its server, or gave up and removed the folder. */
    private static void settle(Thread unstarted, CompletableFuture<Boolean> started, boolean outcome) {
        started.complete(outcome);
        try {
            Runtime.getRuntime().removeShutdownHook(unstarted);
        } catch (IllegalStateException shuttingDown) {
            // The hook runs now, and returns at once since the start is settled.
        }
    }

    /** Registers the hook that stops the server when the JVM exits; a JVM exiting already gets no server. */
    private PostgresProcess stoppedOnExit() {
        try {
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        } catch (IllegalStateException exiting) {
            stop();
            throw exiting;
        }
        return this;
    }

    private static Process postgres(Path binaries, List<String> prefix, Path data, int port,
            Map<String, String> settings, Path log) throws IOException {
        final Map<String, String> effective = new TreeMap<>(DEFAULTS);
        effective.putAll(settings);
        final List<String> command = new ArrayList<>(List.of("-D", data.toString(), "-p", Integer.toString(port)));
        // Each setting is one argument: no shell, no quoting, every character reaches PostgreSQL as written.
        effective.forEach((name, value) -> command.addAll(List.of("-c", name + "=" + value)));
        final ProcessBuilder builder = new ProcessBuilder(command(binaries, prefix, "postgres", command))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        final Process process = builder.start();
        process.getOutputStream().close();
        return process;
    }

    /** Empty once the server accepts connections; otherwise why it never will. */
    private Optional<String> awaitReady() {
        final long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        final DataSource admin = dataSource("postgres");
        SQLException lastAttempt = null;
        while (true) {
            try (Connection connection = admin.getConnection()) {
                return Optional.empty();
            } catch (SQLException e) {
                lastAttempt = e;
            }
            try {
                // Returns at once when the server exits, so a refused setting fails without waiting.
                if (process.waitFor(50, TimeUnit.MILLISECONDS)) {
                    return Optional.of("the server exited with code " + process.exitValue() + " while starting");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.of("interrupted while waiting for the server to start");
            }
            if (System.nanoTime() > deadline) {
                return Optional.of("the server did not accept connections within " + START_TIMEOUT.toSeconds()
                        + " s (last attempt: " + lastAttempt.getMessage() + ")");
            }
        }
    }

    /** The server's postgres database, for dbbench's own statements only: they are bounded by {@link OwnSessions}. */
    DataSource adminDataSource() {
        return OwnSessions.bounded(dataSource("postgres"));
    }

    PGSimpleDataSource dataSource(String database) {
        final PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setServerNames(new String[] {"localhost"});
        dataSource.setPortNumbers(new int[] {port});
        dataSource.setDatabaseName(database);
        dataSource.setUser(SUPERUSER);
        dataSource.setPassword(password);
        return dataSource;
    }

    /** How connections reach the database {@code database} of this server. */
    DatabaseAddress address(String database) {
        return DatabaseAddress.of("jdbc:postgresql://localhost:" + port + "/", SUPERUSER, password, database,
                new Properties());
    }

    /** The process started: the server's, or a wrapper's that runs it, such as valgrind or a change of user. */
    ProcessHandle handle() {
        return process.toHandle();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Why {@code failure} was this server's doing, if it was: it died, is shutting down, or restarted. */
    Optional<ServerDiagnosis> diagnose(Throwable failure) {
        return ServerDiagnosis.of(process, port, directory, directory.resolve(SERVER_LOG), failure);
    }

    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException alreadyShuttingDown) {
            // This is the hook, or the hook runs now; either way it stops the server.
        }
        try {
            stop();
        } finally {
            // A postmaster that died (kill -9) removed nothing a clean shutdown does; its pid file says what.
            Leftovers.of(directory.resolve("data"), binaries).ifPresent(Leftovers::remove);
            ownerChannel.close();
            PostgresInstallation.deleteRecursively(directory);
            OWNED.remove(directory);
        }
    }

    private void closeQuietly() {
        try {
            close();
        } catch (IOException | RuntimeException e) {
            // The JVM is exiting; there is nobody left to tell.
        }
    }

    /** The server's stop modes in turn (a fast shutdown ends the sessions; an immediate one), then a kill. */
    private void stop() {
        final Path log = directory.resolve("pg_ctl.log");
        for (String mode : stopModes) {
            if (!process.isAlive()) {
                return;
            }
            try {
                run(binaries, asUnprivileged, log, "pg_ctl", "stop", "-D", directory.resolve("data").toString(),
                        "-m", mode, "-w", "-t", Long.toString(STOP_TIMEOUT.toSeconds()));
                process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            } catch (IOException e) {
                // The next mode, or the kill below.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        process.destroyForcibly();
    }

    /**
     * Stops the servers of JVMs that died without stopping them (a kill -9 runs no shutdown hook) and
     * removes their files. A server's owner lock is free only when its JVM is gone; a directory younger
     * than {@link #LEFT_BEHIND} may belong to a JVM that has not taken its lock yet.
     */
    private static void stopLeftBehind(Path servers) {
        final FileTime before = FileTime.from(Instant.now().minus(LEFT_BEHIND));
        try (Stream<Path> directories = Files.list(servers)) {
            directories.filter(directory -> !OWNED.contains(directory) && modifiedBefore(directory, before))
                    .forEach(PostgresProcess::stopIfLeftBehind);
        } catch (IOException e) {
            // Left-behind servers cost memory, not correctness; the next start tries again.
        }
    }

    private static void stopIfLeftBehind(Path directory) {
        final Path ownerLock = directory.resolve(OWNER_LOCK);
        if (Files.exists(ownerLock)) {
            try (FileChannel channel = FileChannel.open(ownerLock, StandardOpenOption.WRITE);
                    FileLock lock = channel.tryLock()) {
                if (lock == null) {
                    return;
                }
                terminateServerIn(directory.resolve("data"));
            } catch (IOException | RuntimeException e) {
                // Cannot tell whether its JVM lives; leave it.
                return;
            }
        }
        PostgresInstallation.deleteRecursively(directory);
    }

    private static void terminateServerIn(Path data) {
        try {
            final List<String> pidFile = Files.readAllLines(data.resolve("postmaster.pid"), StandardCharsets.UTF_8);
            // Only a postgres process: the number may have gone to another process since.
            ProcessHandle.of(Long.parseLong(pidFile.get(0).strip()))
                    .filter(handle -> handle.info().command().map(command -> command.endsWith("/postgres")
                            || command.contains("callgrind")).orElse(false))
                    .ifPresent(PostgresProcess::terminate);
        } catch (IOException | RuntimeException e) {
            // No server ran there, or it is gone.
        }
    }

    private static void terminate(ProcessHandle postmaster) {
        // SIGTERM, a smart shutdown: it ends at once, since a dead JVM's sessions are gone.
        postmaster.destroy();
        try {
            postmaster.onExit().get(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // A server stopped with SIGSTOP (its JVM killed while another timed) ends only this way, backends too.
            postmaster.descendants().forEach(ProcessHandle::destroyForcibly);
            postmaster.destroyForcibly();
        }
    }

    private static boolean modifiedBefore(Path file, FileTime before) {
        try {
            return Files.getLastModifiedTime(file).compareTo(before) < 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** Runs one of the binaries to its end, its output appended to the log; fails naming the exit code. */
    private static void run(Path binaries, List<String> asUnprivileged, Path log, String program, String... arguments)
            throws IOException {
        final Process process = new ProcessBuilder(command(binaries, asUnprivileged, program, List.of(arguments)))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        process.getOutputStream().close();
        try {
            if (!process.waitFor(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(program + " did not finish within " + START_TIMEOUT.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + program, e);
        }
        if (process.exitValue() != 0) {
            throw new IOException(program + " exited with code " + process.exitValue() + "; its last log lines:\n"
                    + lastLines(log));
        }
    }

    private static List<String> command(Path binaries, List<String> prefix, String program,
            List<String> arguments) {
        final List<String> command = new ArrayList<>(prefix);
        command.add(binaries.resolve("bin").resolve(program).toString());
        command.addAll(arguments);
        return command;
    }

    /**
     * PostgreSQL refuses to run as root. As root (a CI container, typically) its programs run in a new
     * user namespace, where they are not root, as io.zonky's EmbeddedPostgres did; elsewhere directly.
     */
    private static List<String> asUnprivileged() {
        try {
            if (!Integer.valueOf(0).equals(Files.getAttribute(Paths.get("/proc/self"), "unix:uid"))) {
                return List.of();
            }
            final Process check = new ProcessBuilder("unshare", "-U", "id", "-u").redirectErrorStream(true).start();
            final String output = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (check.waitFor() == 0 && !output.equals("0")) {
                return List.of("unshare", "-U");
            }
        } catch (IOException e) {
            // No /proc (not Linux) or no unshare: run directly; as root, PostgreSQL's refusal is in the log.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return List.of();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    static String lastLines(Path log) {
        try {
            final List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return lines.subList(Math.max(0, lines.size() - LOG_LINES), lines.size()).stream()
                    .map(line -> "  | " + line)
                    .collect(Collectors.joining("\n"));
        } catch (IOException | RuntimeException e) {
            return "  (no log: " + e + ")";
        }
    }
}
