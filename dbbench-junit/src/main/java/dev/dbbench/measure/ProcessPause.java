package dev.dbbench.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Stops a process with all its descendants ({@code SIGSTOP}) and continues them ({@code SIGCONT}):
 * for work whose results do not depend on time, such as a server counting instructions under
 * valgrind, which then takes no CPU while another JVM times and goes on where it was after.
 * Linux only, like valgrind; the signals are sent by the shell's {@code kill}.
 */
final class ProcessPause {

    /** How long a signalled process may take to reach the state asked for before that is an error. */
    private static final long SETTLE_NANOS = TimeUnit.SECONDS.toNanos(5);

    private ProcessPause() {
    }

    /**
     * Stops the process and its descendants, those forked meanwhile included, and returns once none
     * of them runs.
     *
     * @throws IOException naming the processes that did not stop
     */
    static void stop(ProcessHandle root) throws IOException {
        final Set<Long> stopped = new LinkedHashSet<>();
        List<Long> fresh = tree(root);
        // A process that was forking when its parent stopped has a child the first listing missed.
        while (!fresh.isEmpty()) {
            signal("STOP", fresh);
            stopped.addAll(fresh);
            fresh = tree(root).stream().filter(pid -> !stopped.contains(pid)).toList();
        }
        settle(stopped, true);
    }

    /**
     * Continues the process and its descendants, and returns once none of them is stopped.
     *
     * @throws IOException naming the processes still stopped
     */
    static void resume(ProcessHandle root) throws IOException {
        final List<Long> pids = tree(root);
        signal("CONT", pids);
        settle(pids, false);
    }

    /** The process and its live descendants, parents before their children. */
    private static List<Long> tree(ProcessHandle root) {
        return Stream.concat(Stream.of(root), root.descendants()).filter(ProcessHandle::isAlive)
                .map(ProcessHandle::pid).toList();
    }

    private static void signal(String signal, List<Long> pids) throws IOException {
        if (pids.isEmpty()) {
            return;
        }
        final List<String> command = new ArrayList<>(List.of("sh", "-c", "kill -" + signal + " \"$@\" 2>/dev/null",
                "sh"));
        pids.forEach(pid -> command.add(Long.toString(pid)));
        final Process kill = new ProcessBuilder(command).redirectErrorStream(true).start();
        kill.getOutputStream().close();
        try {
            kill.getInputStream().readAllBytes();
            if (!kill.waitFor(30, TimeUnit.SECONDS)) {
                kill.destroyForcibly();
                throw new IOException("sh -c kill -" + signal + " did not return within 30 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while sending SIG" + signal + " to " + pids, e);
        }
        // A process that exited since it was listed makes kill fail; whether the rest got the signal is settled next.
    }

    /** Waits until every process that still exists is stopped, or none is. */
    private static void settle(Iterable<Long> pids, boolean stopped) throws IOException {
        final long giveUp = System.nanoTime() + SETTLE_NANOS;
        for (long pid : pids) {
            while (state(pid).map(state -> stopped ? !halted(state) : state == 'T').orElse(false)) {
                if (System.nanoTime() > giveUp) {
                    throw new IOException("process " + pid + " is still " + (stopped ? "running" : "stopped")
                            + " 5 s after SIG" + (stopped ? "STOP" : "CONT") + "; dbbench keeps instruction counting"
                            + " out of the way of timed work by stopping its server for that time");
                }
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while waiting for process " + pid + " to settle", e);
                }
            }
        }
    }

    /** Stopped, or no longer running at all. */
    private static boolean halted(char state) {
        return state == 'T' || state == 't' || state == 'Z' || state == 'X';
    }

    /** The process's state letter from {@code /proc/<pid>/stat}; empty once it is gone. */
    static Optional<Character> state(long pid) throws IOException {
        final String stat;
        try {
            stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            // Reaped between the open and the read (ESRCH): gone all the same, unless its file is still there.
            if (Files.exists(Path.of("/proc", Long.toString(pid)))) {
                throw e;
            }
            return Optional.empty();
        }
        // The command name in parentheses may hold spaces and parentheses itself; the state follows the last ')'.
        final int end = stat.lastIndexOf(')');
        return end < 0 || end + 2 >= stat.length() ? Optional.empty() : Optional.of(stat.charAt(end + 2));
    }
}
