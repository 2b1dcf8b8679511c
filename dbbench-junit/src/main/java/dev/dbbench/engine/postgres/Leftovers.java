package dev.dbbench.engine.postgres;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What a postmaster that died without shutting down leaves behind, as its {@code postmaster.pid}
 * names it: backends still running (a busy one notices the death only when it next waits), the
 * System V shared memory segment, and the Unix socket with its lock file. A clean shutdown removes
 * them all and the pid file too; after a kill -9 nothing does, and on a long-lived runner they pile up.
 *
 * @param socket the socket file, named by the pid file's socket folder and port; its lock file is beside it
 * @param shmKey the segment's key, as the pid file's line 7 gives it with its id
 */
record Leftovers(long postmaster, Path data, Path binaries, Path socket, long shmKey, long shmId) {

    private static final long WAIT_SECONDS = 10;
    /** Linux lists the segments there; elsewhere they stay (see {@link #removeSegment}). */
    private static final Path SEGMENTS = Path.of("/proc/sysvipc/shm");

    /** What the server of {@code data} left, if its pid file is still there; empty after a clean shutdown. */
    static Optional<Leftovers> of(Path data, Path binaries) {
        try {
            final List<String> pidFile = Files.readAllLines(data.resolve("postmaster.pid"), StandardCharsets.UTF_8);
            final String[] segment = pidFile.get(6).strip().split("\\s+");
            return Optional.of(new Leftovers(Long.parseLong(pidFile.get(0).strip()), data, binaries,
                    Path.of(pidFile.get(4).strip(), ".s.PGSQL." + pidFile.get(3).strip()),
                    Long.parseLong(segment[0]), Long.parseLong(segment[1])));
        } catch (IOException | RuntimeException e) {
            // No pid file (a clean stop), or one the server had not finished writing: nothing to go by.
            return Optional.empty();
        }
    }

    /**
     * Ends the server's backends, removes its segment once nothing is attached and its socket, once
     * the postmaster itself is gone; a postmaster still running is left to its stop. The data folder
     * is its owner's to delete.
     */
    void remove() {
        final Optional<ProcessHandle> running = ProcessHandle.of(postmaster);
        if (running.isPresent() && !exited(running.get().onExit())) {
            return;
        }
        endBackends();
        removeSegment();
        removeSocket();
    }

    /**
     * Kills the backends still running: processes of these binaries whose working directory is the data
     * folder, as every backend's is, which tells this server's from another's.
     */
    private void endBackends() {
        try {
            final Path folder = data.toRealPath();
            final List<ProcessHandle> backends = ProcessHandle.allProcesses()
                    .filter(process -> runsIn(process, folder)).toList();
            backends.forEach(ProcessHandle::destroyForcibly);
            backends.forEach(backend -> exited(backend.onExit()));
        } catch (IOException e) {
            // The folder is gone already, and with it the way to tell this server's backends.
        }
    }

    private boolean runsIn(ProcessHandle process, Path folder) {
        try {
            return Files.readSymbolicLink(Path.of("/proc", Long.toString(process.pid()), "cwd")).equals(folder)
                    && process.info().command().map(command -> command.startsWith(binaries.toString())
                            || command.contains("valgrind")).orElse(false);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            // Not Linux, or not a process of ours.
            return false;
        }
    }

    /**
     * Removes the segment when it is the postmaster's own (its key, id and creator) and nothing is
     * attached. Without {@code /proc} or {@code ipcrm} it stays, and nothing breaks: it holds a few
     * dozen bytes, and the next server picks a key of its own.
     */
    private void removeSegment() {
        try {
            final boolean detached = Files.readAllLines(SEGMENTS).stream().skip(1)
                    .map(line -> line.strip().split("\\s+"))
                    // key shmid perms size cpid lpid nattch ...
                    .anyMatch(row -> row.length > 6 && row[0].equals(Long.toString(shmKey))
                            && row[1].equals(Long.toString(shmId)) && row[4].equals(Long.toString(postmaster))
                            && row[6].equals("0"));
            if (detached) {
                final Process ipcrm = new ProcessBuilder("ipcrm", "-m", Long.toString(shmId))
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (!ipcrm.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
                    ipcrm.destroyForcibly();
                }
            }
        } catch (IOException e) {
            // No /proc/sysvipc or no ipcrm: see above.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Removes the socket and its lock file while the lock is this postmaster's: a later server may own the port now. */
    private void removeSocket() {
        final Path lockFile = socket.resolveSibling(socket.getFileName() + ".lock");
        try {
            final List<String> lock = Files.readAllLines(lockFile, StandardCharsets.UTF_8);
            if (lock.size() > 1 && lock.get(0).strip().equals(Long.toString(postmaster))
                    && Path.of(lock.get(1).strip()).equals(data)) {
                Files.deleteIfExists(socket);
                Files.deleteIfExists(lockFile);
            }
        } catch (IOException | RuntimeException e) {
            // No socket (unix_socket_directories empty), or not ours to remove.
        }
    }

    private static boolean exited(CompletableFuture<ProcessHandle> exit) {
        try {
            exit.get(WAIT_SECONDS, TimeUnit.SECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
    }
}
